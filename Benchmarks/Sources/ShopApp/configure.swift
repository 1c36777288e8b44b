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

/// Configures the shop as many apps do: in-memory SQLite under `.testing`, migrated by configure
/// itself (`autoMigrate()`), PostgreSQL at `url` elsewhere.
public func configureMigratingItself(_ app: Application, url: String) async throws {
  if app.environment == .testing {
    app.databases.use(.sqlite(.memory), as: .sqlite)
  } else {
    try app.databases.use(.postgres(url: url), as: .psql)
  }
  app.migrations.add(shopMigrations)
  if app.environment == .testing {
    try await app.autoMigrate()
  }
  try app.register(collection: UserController())
  try app.register(collection: ProductController())
  try app.register(collection: OrderController())
}
