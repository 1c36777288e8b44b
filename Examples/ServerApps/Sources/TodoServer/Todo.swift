import Fluent
import SQLKit
import Vapor

/// A thing to do.
public final class Todo: Model, Content, @unchecked Sendable {
  public static let schema = "todos"

  @ID(key: .id) public var id: UUID?
  @Field(key: "title") public var title: String
  @Enum(key: "status") public var status: Status

  public init() {}

  public init(title: String, status: Status = .open) {
    self.title = title
    self.status = status
  }

  /// Where a todo stands.
  public enum Status: String, Codable, Sendable {
    case open, done
  }
}

struct CreateStatus: AsyncMigration {
  func prepare(on database: any Database) async throws {
    _ = try await database.enum("status").case("open").case("done").create()
  }

  func revert(on database: any Database) async throws {
    try await database.enum("status").delete()
  }
}

struct CreateTodo: AsyncMigration {
  func prepare(on database: any Database) async throws {
    let status = try await database.enum("status").read()
    try await database.schema("todos")
      .id()
      .field("title", .string, .required)
      .field("status", status, .required)
      .create()
  }

  func revert(on database: any Database) async throws {
    try await database.schema("todos").delete()
  }
}

/// A unique index on titles (SQL that PostgreSQL and SQLite both run: SQLite alters no
/// constraint into an existing table).
struct IndexTodoTitles: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await (database as! any SQLDatabase)
      .raw("CREATE UNIQUE INDEX todos_title_unique ON todos (title)").run()
  }

  func revert(on database: any Database) async throws {
    try await (database as! any SQLDatabase).raw("DROP INDEX todos_title_unique").run()
  }
}
