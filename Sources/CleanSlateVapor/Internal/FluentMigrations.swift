#if Vapor
  internal import FluentKit

  /// Running an app's Fluent migrations on a template as `autoMigrate()` would.
  enum FluentMigrations {
    /// Runs `migrations` on `database` as Fluent's migrator does (the migration log first, then
    /// each migration, logged as batch 1), so that an `autoMigrate()` on a copy of it finds
    /// nothing to do; a failure names the migration.
    static func run(_ migrations: [any Migration], on database: any Database) async throws {
      try await MigrationLog.migration.prepare(on: database).get()
      for migration in migrations {
        do {
          try await migration.prepare(on: database).get()
          try await MigrationLog(name: migration.name, batch: 1).create(on: database)
        } catch {
          throw MigrationFailure(migration: migration.name, error: error)
        }
      }
    }
  }

  /// A Fluent migration that failed, with its name.
  struct MigrationFailure: Error, CustomStringConvertible {
    let migration: String
    let error: any Error
    /// The template database that was being built, if one was.
    var template: String?

    var description: String {
      let building = template.map { " while building template '\($0)' (not kept)" } ?? ""
      return "Fluent migration '\(migration)' failed\(building): \(String(reflecting: error))"
    }
  }
#endif
