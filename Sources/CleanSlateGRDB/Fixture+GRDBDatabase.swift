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
  /// test then gets a copy of it of its own, loaded with `sqlite3_deserialize`. Copies are
  /// opened ahead, two at a time, on a background queue, so a test only takes one (a test that
  /// finds none ready opens its own). When the test ends, a transaction it left open is rolled
  /// back and reported (GRDB lets a test leave one open only with
  /// `Configuration.allowsUnsafeTransactions`; otherwise GRDB itself stops it), and the database
  /// is closed in the background.
  ///
  /// - Parameters:
  ///   - name: The fixture's name in failures and in the trace.
  ///   - migrator: The migrations every test's database has gone through.
  ///   - configuration: The configuration of every database; the template is built with it too.
  ///     Copies are opened ahead, so its `prepareDatabase` runs on a background queue, before
  ///     the test that gets the copy starts.
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
    // The template and the copies opened ahead of the tests, one process-scoped fixture.
    let supply = Fixture<DatabaseSupply>(
      "\(name) template", scope: .process,
      fileID: fileID, filePath: filePath, line: line, column: column
    ) { context in
      let template = try DatabaseTemplate.build(
        migrator: migrator, configuration: configuration, seed: seed)
      let supply = DatabaseSupply(template: template, configuration: configuration)
      context.addTeardown { supply.close() }
      supply.refill()
      return supply
    }
    return Fixture<DatabaseQueue>(
      name, fileID: fileID, filePath: filePath, line: line, column: column
    ) { context in
      let supply = try await context.use(supply)
      let queue = try supply.take()
      context.addTeardown {
        defer { supply.discard(queue) }
        try queue.rollBackLeftOpenTransaction(fixture: name)
      }
      return queue
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
