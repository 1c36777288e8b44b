#if GRDB
  public import CleanSlate
  internal import Foundation
  public import GRDB

  extension Fixture where Value == DatabaseQueue {
    /// Creates a fixture that gives every test its own in-memory database, migrated and seeded.
    ///
    /// Declare it once, as a `static let` (a fixture is identified by its instance), and use it
    /// from XCTest and Swift Testing alike:
    ///
    /// ```swift
    /// extension Fixture where Value == DatabaseQueue {
    ///   static let appDatabase = Fixture.database(migrator: .app) { db in
    ///     try Player(name: "Arthur", score: 100).insert(db)
    ///   }
    /// }
    ///
    /// @Test func ranksPlayers() async throws {
    ///   let dbQueue = try await use(.appDatabase)   // a private copy: write anything
    ///   ...
    /// }
    /// ```
    ///
    /// The migrations and the seed run once per test process, into a ``DatabaseTemplate``; each
    /// test then gets a copy of it of its own, loaded with `sqlite3_deserialize`. On Linux the
    /// copy shares the template's memory copy-on-write (the kernel copies a page only when the
    /// test writes it); elsewhere the template is copied in. Copies are opened ahead, two at a
    /// time, on a background thread of low priority, so a test only takes one (a test that finds
    /// none ready, as on a machine with no idle core, opens its own). When the test ends, a
    /// transaction it left open is rolled back and reported (GRDB lets a test leave one open only
    /// with `Configuration.allowsUnsafeTransactions`; otherwise GRDB itself stops it), and the
    /// database is closed in the background.
    ///
    /// A test's database may grow up to 1 GiB beyond the template (the limit SQLite itself puts
    /// on a deserialized database). Writes past it fail with `SQLITE_FULL` ("database or disk is
    /// full"), and the test's end reports the limit it reached. For more, use
    /// ``CleanSlate/Fixture/databasePool(_:migrator:configuration:seed:fileID:filePath:line:column:)``,
    /// whose database is a file.
    ///
    /// - Parameters:
    ///   - name: The fixture's name in failures and in the trace.
    ///   - migrator: The migrations every test's database has gone through.
    ///   - configuration: The configuration of every database; the template is built with it too.
    ///     Copies are opened ahead, so its `prepareDatabase` runs on a background thread, before
    ///     the test that gets the copy starts, on the connection before the template is loaded.
    ///   - seed: Writes the data every test starts with, inside one transaction, once per process.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    public static func database(
      _ name: String = "database",
      migrator: DatabaseMigrator,
      configuration: Configuration = Configuration(),
      seed: (@Sendable (Database) throws -> Void)? = nil,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) -> Fixture<DatabaseQueue> {
      database(
        name, migrator: migrator, configuration: configuration, seed: seed,
        headroom: DatabaseRegion.defaultHeadroom,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// ``database(_:migrator:configuration:seed:fileID:filePath:line:column:)`` whose databases may
    /// grow `headroom` bytes beyond the template (tests use a small one to reach it).
    package static func database(
      _ name: String,
      migrator: DatabaseMigrator,
      configuration: Configuration,
      seed: (@Sendable (Database) throws -> Void)?,
      headroom: Int,
      fileID: String,
      filePath: String,
      line: Int,
      column: Int
    ) -> Fixture<DatabaseQueue> {
      // The template and the copies opened ahead of the tests, one process-scoped fixture.
      let supply = Fixture<DatabaseSupply>(
        "\(name) template", scope: .process,
        fileID: fileID, filePath: filePath, line: line, column: column
      ) { context in
        let template = try DatabaseTemplate.build(
          migrator: migrator, configuration: configuration, seed: seed, headroom: headroom)
        let supply = DatabaseSupply(template: template, configuration: configuration)
        context.addTeardown { supply.close() }
        supply.refill()
        return supply
      }
      return Fixture<DatabaseQueue>(
        name, fileID: fileID, filePath: filePath, line: line, column: column
      ) { context in
        let supply = try await context.use(supply)
        let copy = try supply.take()
        context.addTeardown {
          defer { supply.discard(copy) }
          try copy.queue.rollBackLeftOpenTransaction(fixture: name)
          if let region = copy.region, region.reachedCapacity {
            throw DatabaseFull(fixture: name, headroom: region.headroom)
          }
        }
        return copy.queue
      }
    }
  }

  extension Fixture where Value == DatabasePool {
    /// Creates a fixture that gives every test its own database file, opened as a `DatabasePool`,
    /// for code that needs WAL mode and concurrent readers.
    ///
    /// ```swift
    /// extension Fixture where Value == DatabasePool {
    ///   static let appDatabasePool = Fixture.databasePool(migrator: .app)
    /// }
    /// ```
    ///
    /// The file lives in the test's `Fixture.temporaryDirectory`, written from the same
    /// per-process ``DatabaseTemplate`` as
    /// ``CleanSlate/Fixture/database(_:migrator:configuration:seed:fileID:filePath:line:column:)``.
    /// When the test ends, a transaction it left open is rolled back and reported, the pool is
    /// closed and the directory removed.
    ///
    /// - Parameters:
    ///   - name: The fixture's name in failures and in the trace.
    ///   - migrator: The migrations every test's database has gone through.
    ///   - configuration: The configuration of every database; the template is built with it too.
    ///   - seed: Writes the data every test starts with, inside one transaction, once per process.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    public static func databasePool(
      _ name: String = "databasePool",
      migrator: DatabaseMigrator,
      configuration: Configuration = Configuration(),
      seed: (@Sendable (Database) throws -> Void)? = nil,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) -> Fixture<DatabasePool> {
      let template = Fixture<DatabaseTemplate>.databaseTemplate(
        name, migrator: migrator, configuration: configuration, seed: seed,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return Fixture<DatabasePool>(
        name, fileID: fileID, filePath: filePath, line: line, column: column
      ) { context in
        let directory = try await context.use(.temporaryDirectory)
        let file = directory.appendingPathComponent("\(name).sqlite")
        try await context.use(template).write(to: file)
        let pool = try DatabasePool(path: file.path, configuration: configuration)
        context.addTeardown {
          defer { try? pool.close() }
          try pool.rollBackLeftOpenTransaction(fixture: name)
        }
        return pool
      }
    }
  }

  extension Fixture where Value == DatabaseTemplate {
    /// The process-scoped fixture that builds the template of a database fixture.
    static func databaseTemplate(
      _ name: String,
      migrator: DatabaseMigrator,
      configuration: Configuration,
      seed: (@Sendable (Database) throws -> Void)?,
      fileID: String,
      filePath: String,
      line: Int,
      column: Int
    ) -> Fixture<DatabaseTemplate> {
      Fixture<DatabaseTemplate>(
        "\(name) template", scope: .process,
        fileID: fileID, filePath: filePath, line: line, column: column
      ) { _ in
        try DatabaseTemplate.build(migrator: migrator, configuration: configuration, seed: seed)
      }
    }
  }
#endif
