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

    /// Reads the migrations `app.migrations` holds for `id` (and for the default database, which
    /// `id` is), and, when `recordingActions`, what each one's `prepare` does.
    static func make(
      from migrations: Migrations, for id: DatabaseID, recordingActions: Bool
    ) async throws -> FluentMigrationPlan {
      let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
      let lister = MigrationRecorder(eventLoop: eventLoop)
      // Every migration is unprepared on a database with no migration log: the preview lists
      // them all, each with the database ID it was added for.
      let preview = try await Migrator(
        databaseFactory: { _ in lister }, migrations: migrations, on: eventLoop
      ).previewPrepareBatch().get()
      let chosen =
        preview.filter { $0.1 == nil }.map(\.0) + preview.filter { $0.1 == id }.map(\.0)
      var lines: [String] = []
      for migration in chosen {
        var line = "migration \(migration.name)"
        if recordingActions {
          let recorder = MigrationRecorder(eventLoop: eventLoop)
          do {
            try await migration.prepare(on: recorder).get()
          } catch {
            recorder.note("threw \(type(of: error))")
          }
          line += "\n" + recorder.recorded.joined(separator: "\n")
        }
        lines.append(line)
      }
      return FluentMigrationPlan(migrations: chosen, fingerprint: lines.joined(separator: "\n"))
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
