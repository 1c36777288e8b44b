import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Vapor

/// The database the shop is configured with.
public enum ShopDatabase: Sendable {
  /// PostgreSQL at a URL.
  case postgres(url: String)
  /// A fresh in-memory SQLite database.
  case sqliteInMemory
}

/// Configures the shop: its database, its ten migrations, its three route collections.
public func configure(_ app: Application, database: ShopDatabase) async throws {
  switch database {
  case .postgres(let url):
    try app.databases.use(.postgres(url: url), as: .psql)
  case .sqliteInMemory:
    app.databases.use(.sqlite(.memory), as: .sqlite)
  }
  app.migrations.add(shopMigrations)
  try app.register(collection: UserController())
  try app.register(collection: ProductController())
  try app.register(collection: OrderController())
}
