#if GRDB
  import CleanSlate
  import CleanSlateGRDB
  import CleanSlateTestSupport
  import Foundation
  import GRDB
  import Testing

  @Suite struct GRDBFaultTests {
    @Test func aFailingMigrationIsASetupFailureNamingTheMigration() async throws {
      // Given a migrator whose second migration is broken.
      var migrator = DatabaseMigrator()
      migrator.registerMigration("create players") { db in
        try db.execute(sql: "CREATE TABLE players (id INTEGER PRIMARY KEY)")
      }
      migrator.registerMigration("add score") { db in
        try db.execute(sql: "ALTER TABLE playrs ADD COLUMN score INTEGER")
      }
      let fixture = Fixture.database("broken", migrator: migrator)
      let process = makeProcessScope()
      // When a test uses it.
      let caught = Box<CleanSlateError?>(nil)
      _ = try await runTestScope(in: process) {
        do {
          _ = try await use(fixture)
        } catch let error as FixtureUnavailable {
          caught.value = error.failure
        }
      }
      let failure = caught.value
      await process.end()
      // Then setup fails, naming the migration and the template fixture.
      #expect(failure?.code == .setupFailed)
      #expect(
        failure?.summary
          == "Setup of fixture 'broken template' threw: migration 'add score' failed: SQLite error 1: no such table: playrs - while executing `ALTER TABLE playrs ADD COLUMN score INTEGER`"
      )
      #expect(failure?.dependencyPath == ["broken", "broken template"])
    }

    @Test func aTransactionLeftOpenIsRolledBackAndReported() async throws {
      // Given a test that begins a transaction and never ends it.
      let process = makeProcessScope()
      var configuration = Configuration()
      configuration.allowsUnsafeTransactions = true  // else GRDB itself stops the test
      let fixture = Fixture.database(
        "players", migrator: PlayerSchema.migrator, configuration: configuration)
      let failures = try await runTestScope(in: process) {
        let dbQueue = try await use(fixture)
        try await dbQueue.writeWithoutTransaction { db in
          try db.beginTransaction()
          try db.execute(sql: "DELETE FROM players")
        }
      }
      await process.end()
      // Then its end reports it, naming the fixture.
      #expect(failures.map(\.code) == [.teardownFailed])
      #expect(
        failures.map(\.summary) == [
          "Teardown of fixture 'players' threw: the test left a transaction open on 'players' (a BEGIN without COMMIT or ROLLBACK); it was rolled back. Use `write { }` or `inTransaction { }`, which always end their transaction."
        ])
    }

    @Test func aTestThatEndsItsTransactionsReportsNothing() async throws {
      let process = makeProcessScope()
      let failures = try await runTestScope(in: process) {
        let dbQueue = try await use(.players)
        try await dbQueue.write { db in try db.execute(sql: "DELETE FROM players") }
      }
      await process.end()
      #expect(failures.isEmpty)
    }
  }

  @Suite struct GRDBDatabasePoolTests {
    @Test func aPoolIsAFileInWALModeRemovedWhenTheTestEnds() async throws {
      // Given a test using the pool fixture.
      let process = makeProcessScope()
      let path = Box<[String]>([])
      let failures = try await runTestScope(in: process) {
        let pool = try await use(.playersPool)
        path.value = [pool.path]
        // When it reads concurrently and writes.
        let mode = try await pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        try await pool.write { try $0.execute(sql: "DELETE FROM players WHERE id > 10") }
        async let first = pool.read(PlayerSchema.playerCount)
        async let second = pool.read(PlayerSchema.playerCount)
        #expect(try await [first, second] == [10, 10])
      }
      await process.end()
      // Then its file is gone once the test has ended.
      #expect(failures.isEmpty)
      let file = try #require(path.value.first)
      #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func eachPoolStartsFromTheSeededTemplate() async throws {
      let process = makeProcessScope()
      for index in 1...2 {
        let failures = try await runTestScope("GRDBTests/pool\(index)()", in: process) {
          let pool = try await use(.playersPool)
          #expect(try await pool.read(PlayerSchema.playerCount) == 100)
          try await pool.write { try $0.execute(sql: "DELETE FROM players") }
        }
        #expect(failures.isEmpty)
      }
      await process.end()
    }
  }
#endif
