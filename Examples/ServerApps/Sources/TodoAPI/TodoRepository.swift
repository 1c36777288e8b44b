import Foundation
import Logging
import PostgresNIO

/// Where the app keeps its todos: a table it makes itself, in the database its settings name.
struct TodoRepository: Sendable {
  let client: PostgresClient
  let logger: Logger

  /// Makes the app's table if the database has none yet.
  func createTable() async throws {
    try await client.query(
      """
      CREATE TABLE IF NOT EXISTS todos (
        id uuid PRIMARY KEY, title text NOT NULL, completed boolean NOT NULL DEFAULT false)
      """, logger: logger)
  }

  func all() async throws -> [Todo] {
    let rows = try await client.query(
      "SELECT id, title, completed FROM todos ORDER BY title", logger: logger)
    var todos: [Todo] = []
    for try await (id, title, completed) in rows.decode((UUID, String, Bool).self) {
      todos.append(Todo(id: id, title: title, completed: completed))
    }
    return todos
  }

  func add(_ todo: Todo) async throws {
    try await client.query(
      "INSERT INTO todos (id, title, completed) VALUES (\(todo.id), \(todo.title), \(todo.completed))",
      logger: logger)
  }

  func deleteAll() async throws {
    try await client.query("DELETE FROM todos", logger: logger)
  }
}
