#if Postgres
  import CleanSlatePostgres
  import CleanSlateXCTest
  import PostgresNIO
  import XCTest

  final class PostgresXCTests: FixtureTestCase {
    override func setUp() async throws {
      try await super.setUp()
      try XCTSkipUnless(PostgresTestServer.shouldRunTests, PostgresTestServer.skipMessage)
    }

    func testTransactionModeRollsBackWhatATestWrote() async throws {
      let connection = try await use(.playersTransaction)
      let count = try await connection.integer("SELECT count(*) FROM players")
      XCTAssertEqual(count, 100)
      try await connection.query("DELETE FROM players")
    }

    func testTransactionModeAgainStartsFromTheSeed() async throws {
      let connection = try await use(.playersTransaction)
      let count = try await connection.integer("SELECT count(*) FROM players")
      XCTAssertEqual(count, 100)
      try await connection.query("DELETE FROM players")
    }

    func testDatabaseModeGivesATestItsOwnDatabase() async throws {
      let database = try await use(.playersDatabase)
      XCTAssertTrue(database.name.hasPrefix("cs_db_"))
      let count = try await database.connection.integer("SELECT count(*) FROM players")
      XCTAssertEqual(count, 100)
      try await database.connection.query("DROP TABLE players", logger: Logger(label: "tests"))
    }

    func testDatabaseModeAgainStartsFromTheSeed() async throws {
      let database = try await use(.playersDatabase)
      let count = try await database.connection.integer("SELECT count(*) FROM players")
      XCTAssertEqual(count, 100)
      try await database.connection.query("DROP TABLE players", logger: Logger(label: "tests"))
    }
  }
#endif
