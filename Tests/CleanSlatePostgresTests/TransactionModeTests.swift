import CleanSlate
import CleanSlatePostgres
import CleanSlateTesting
import PostgresNIO
import Testing

/// Transaction-mode tests share one database and write the same rows. Run at the same time,
/// their transactions wait on each other's row locks and can deadlock, which PostgreSQL ends by
/// failing one of them (the documented limit of transaction mode); so these suites, and the
/// server-goes-away tests, run one test at a time.
@Suite(.serialized) enum TransactionModeSerially {}

extension TransactionModeSerially {
  @Suite(.cleanSlate, postgresTests) struct TransactionModeTests {
    @Test func aTestCanDeleteEverything() async throws {
      let connection = try await use(.playersTransaction)
      try await connection.query("DELETE FROM players")
      #expect(try await connection.integer("SELECT count(*) FROM players") == 0)
    }

    @Test func anotherTestStillSeesTheSeed() async throws {
      let connection = try await use(.playersTransaction)
      #expect(try await connection.integer("SELECT count(*) FROM players") == 100)
      try await connection.query("INSERT INTO players VALUES (101, 'Ada', 1)")
    }

    @Test func withTransactionIsASavepoint() async throws {
      let connection = try await use(.playersTransaction)
      // When the code under test commits one transaction and rolls another back.
      try await connection.withTransaction { connection in
        try await connection.query("DELETE FROM players WHERE id > 50")
      }
      await #expect(throws: Oops.self) {
        try await connection.withTransaction { connection in
          try await connection.query("DELETE FROM players")
          throw Oops()
        }
      }
      // Then the committed one is visible inside the test, the other undone.
      #expect(try await connection.integer("SELECT count(*) FROM players") == 50)
    }
  }
}

struct Oops: Error {}

extension TransactionModeSerially {
  @Suite(postgresTests) struct TransactionModeIsolationTests {
    @Test func beginAndCommitThroughTheConnectionBecomeSavepointsAndLeakNothing() async throws {
      // Given a test whose code sends BEGIN … COMMIT through its connection.
      let process = makeProcessScope()
      let failures = try await runTestScope(in: process) {
        let connection = try await use(.playersTransaction)
        try await connection.query("BEGIN")
        try await connection.query("DELETE FROM players")
        try await connection.query("COMMIT")
        try await connection.query("START TRANSACTION ISOLATION LEVEL SERIALIZABLE")
        try await connection.query("INSERT INTO players VALUES (500, 'Eve', 1)")
        try await connection.query("ROLLBACK")
        #expect(try await connection.integer("SELECT count(*) FROM players") == 0)
      }
      // Then nothing is reported, and the next test sees every seeded row.
      #expect(failures.isEmpty)
      _ = try await runTestScope(in: process) {
        let connection = try await use(.playersTransaction)
        #expect(try await connection.integer("SELECT count(*) FROM players") == 100)
      }
      _ = await process.end()
    }

    @Test func aRawCommitIsReportedAndCannotLeakIntoTheNextTest() async throws {
      // Given a test whose code uses PostgresNIO's own withTransaction, a real BEGIN/COMMIT.
      let process = makeProcessScope()
      let first = Box<String>("")
      let failures = try await runTestScope(in: process) {
        let connection = try await use(.playersTransaction)
        first.value = connection.databaseName
        _ = try await connection.underlying.withTransaction(logger: Logger(label: "tests")) { raw in
          try await raw.query("DELETE FROM players", logger: Logger(label: "tests"))
        }
      }
      // Then its end reports that the test's transaction was ended.
      #expect(failures.count == 1)
      #expect(failures.first?.summary.contains("ended the test's transaction") == true)
      // And the next test gets another database, with every seeded row.
      _ = try await runTestScope(in: process) {
        let connection = try await use(.playersTransaction)
        #expect(connection.databaseName != first.value)
        #expect(try await connection.integer("SELECT count(*) FROM players") == 100)
      }
      _ = await process.end()
      // And the database the rows leaked into is gone.
      #expect(try await serverDatabases(prefix: first.value).isEmpty)
    }

    @Test func aTransactionLeftOpenIsReported() async throws {
      let process = makeProcessScope()
      let failures = try await runTestScope(in: process) {
        let connection = try await use(.playersTransaction)
        try await connection.query("BEGIN")
        try await connection.query("DELETE FROM players")
      }
      _ = await process.end()
      #expect(failures.count == 1)
      #expect(failures.first?.summary.contains("left 1 transaction(s) open") == true)
    }

  }
}
