#if Postgres
  import CleanSlatePostgres
  import CleanSlateXCTest
  import PostgresNIO
  import XCTest

  /// Tests that write the same rows, each in both modes. `scripts/check-parallel-postgres.sh` runs
  /// them with `swift test --parallel`, four test processes at a time sharing one server: each
  /// process opens its own session, and their databases must neither collide nor be left behind.
  final class PostgresParallelXCTests: FixtureTestCase {
    override func setUp() async throws {
      try await super.setUp()
      try XCTSkipUnless(PostgresTestServer.shouldRunTests, PostgresTestServer.skipMessage)
    }

    func testTransactionModeWriterA() async throws { try await writeInTransactionMode(score: 1) }
    func testTransactionModeWriterB() async throws { try await writeInTransactionMode(score: 2) }
    func testTransactionModeWriterC() async throws { try await writeInTransactionMode(score: 3) }
    func testTransactionModeWriterD() async throws { try await writeInTransactionMode(score: 4) }
    func testDatabaseModeWriterA() async throws { try await writeInDatabaseMode(score: 5) }
    func testDatabaseModeWriterB() async throws { try await writeInDatabaseMode(score: 6) }
    func testDatabaseModeWriterC() async throws { try await writeInDatabaseMode(score: 7) }
    func testDatabaseModeWriterD() async throws { try await writeInDatabaseMode(score: 8) }

    /// Given the seeded rows, when this test sets every score and waits while the other processes
    /// do the same, then it sees its own scores only.
    private func writeInTransactionMode(score: Int) async throws {
      let connection = try await use(.playersTransaction)
      let seeded = try await connection.integer("SELECT count(*) FROM players")
      XCTAssertEqual(seeded, 100)
      try await connection.query("UPDATE players SET score = \(score)")
      try await Task.sleep(for: .milliseconds(100))
      let others = try await connection.integer(
        "SELECT count(*) FROM players WHERE score <> \(score)")
      XCTAssertEqual(others, 0)
    }

    private func writeInDatabaseMode(score: Int) async throws {
      let database = try await use(.playersDatabase)
      let seeded = try await database.connection.integer("SELECT count(*) FROM players")
      XCTAssertEqual(seeded, 100)
      try await database.connection.query(
        "UPDATE players SET score = \(score)", logger: Logger(label: "tests"))
      try await Task.sleep(for: .milliseconds(100))
      let others = try await database.connection.integer(
        "SELECT count(*) FROM players WHERE score <> \(score)")
      XCTAssertEqual(others, 0)
    }
  }
#endif
