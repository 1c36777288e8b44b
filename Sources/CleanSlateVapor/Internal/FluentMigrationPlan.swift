#if Vapor
  internal import CleanSlate
  internal import FluentKit
  internal import NIOCore
  internal import NIOPosix

  /// The app's Fluent migrations for the database a test's own replaces, in the order Fluent
  /// runs them, and what they do, written down without running them (the template's key).
  struct FluentMigrationPlan: Sendable {
    let migrations: [any Migration]
    /// One line for each migration: its name, then what it asked of the database.
    let fingerprint: String

    /// Reads the migrations `migrations` holds for `id` (and for the default database, which
    /// `id` is), in order.
    static func migrations(
      in migrations: Migrations, for id: DatabaseID
    ) async throws -> [any Migration] {
      let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
      let lister = MigrationRecorder(eventLoop: eventLoop)
      // Every migration is unprepared on a database with no migration log: the preview lists
      // them all, each with the database ID it was added for.
      let preview = try await Migrator(
        databaseFactory: { _ in lister }, migrations: migrations, on: eventLoop
      ).previewPrepareBatch().get()
      return preview.filter { $0.1 == nil }.map(\.0) + preview.filter { $0.1 == id }.map(\.0)
    }

    /// Writes down each migration's name and what its `prepare` asks of a database that runs
    /// nothing.
    static func fingerprint(of migrations: [any Migration]) async -> String {
      let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
      var lines: [String] = []
      for migration in migrations {
        let recorder = MigrationRecorder(eventLoop: eventLoop)
        do {
          try await migration.prepare(on: recorder).get()
        } catch {
          recorder.note("threw \(type(of: error))")
        }
        lines.append(
          (["migration \(migration.name)"] + recorder.recorded).joined(separator: "\n"))
      }
      return lines.joined(separator: "\n")
    }

    /// Runs the migrations on `database` as Fluent's migrator does (the migration log first, then
    /// each migration, logged as batch 1), so that `autoMigrate()` later finds nothing to do; a
    /// failure names the migration.
    func run(on database: any FluentKit.Database) async throws {
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
