import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Vapor

/// Configures the app as many Vapor apps do: its database (PostgreSQL, or in-memory SQLite under
/// `.testing`, which it migrates itself), its migrations and its routes (noted in its catalog).
public func configure(_ app: Application) async throws {
  if app.environment == .testing {
    app.databases.use(.sqlite(.memory), as: .sqlite)
  } else {
    let url = Environment.get("DATABASE_URL") ?? "postgres://vapor@localhost:5432/todos"
    try app.databases.use(.postgres(url: url), as: .psql)
  }
  app.migrations.add(CreateStatus(), CreateTodo(), IndexTodoTitles())
  if app.environment == .testing {
    try await app.autoMigrate()
  }
  try app.register(collection: TodoController())
}
