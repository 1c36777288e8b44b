import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Vapor

/// Configures the site as its authors do: PostgreSQL in production, in-memory SQLite under
/// `.testing`, migrated by configure itself; its routes, each documented in the registry.
public func configure(_ app: Application) async throws {
  if app.environment == .testing {
    app.databases.use(.sqlite(.memory), as: .sqlite)
  } else {
    try app.databases.use(
      .postgres(url: Environment.get("DATABASE_URL") ?? "postgres://members@localhost/members"),
      as: .psql)
  }
  app.migrations.add(membersMigrations)
  if app.environment == .testing {
    try await app.autoMigrate()
  }
  try app.register(collection: MemberController())
  try app.register(collection: EquipmentController())
  try app.register(collection: BookingController())
  try app.register(collection: InvoiceController())
}
