#if GRDB
  import CleanSlateGRDB
  import CleanSlateTestSupport
  import CleanSlateXCTest
  import GRDB
  import XCTest

  final class GRDBDatabaseXCTests: FixtureTestCase {
    func testEachTestStartsFromTheSeededTemplate() async throws {
      let dbQueue = try await use(.players)
      try await dbQueue.write { db in
        XCTAssertEqual(try PlayerSchema.playerCount(db), 100)
        try db.execute(sql: "DELETE FROM players")
      }
    }

    func testAnotherTestStillSeesEverySeededRow() async throws {
      let dbQueue = try await use(.players)
      try await dbQueue.write { db in
        XCTAssertEqual(try PlayerSchema.playerCount(db), 100)
        try db.execute(sql: "DELETE FROM players")
      }
    }

    func testAPoolTestGetsItsOwnFile() async throws {
      let pool = try await use(.playersPool)
      let count = try await pool.read(PlayerSchema.playerCount)
      XCTAssertEqual(count, 100)
    }

    func testAFailingMigrationFailsTheTestThatUsesIt() {
      // Given a test case whose test uses a database with a broken migration.
      let testCase = BrokenMigrationCase(
        name: "usesBrokenDatabase",
        testClosure: { testCase in
          try asyncTest { (testCase: BrokenMigrationCase) in testCase.usesBrokenDatabase }(
            testCase as! BrokenMigrationCase)()
        })
      // When it runs (its failure printed where the run's output does not show it).
      capturingOutput { testCase.run() }
      // Then it failed, once.
      XCTAssertEqual(testCase.testRun?.totalFailureCount, 1)
    }
  }

  /// Not discovered by XCTest (no `test` prefix): run only by the test above.
  final class BrokenMigrationCase: FixtureTestCase {
    static let broken: Fixture<DatabaseQueue> = {
      var migrator = DatabaseMigrator()
      migrator.registerMigration("broken") { db in try db.execute(sql: "CREATE TABLE") }
      return Fixture.database("broken", migrator: migrator)
    }()

    func usesBrokenDatabase() async throws {
      _ = try await use(Self.broken)
    }
  }
#endif
