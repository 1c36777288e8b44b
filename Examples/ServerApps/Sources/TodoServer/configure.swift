import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Vapor

/// Configures the app: its database (PostgreSQL, or in-memory SQLite under `.testing`), its
/// migrations and its routes.
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
