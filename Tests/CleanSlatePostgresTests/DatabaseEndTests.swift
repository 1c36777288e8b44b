#if Postgres
  import CleanSlate
  import CleanSlateTestSupport
  import Logging
  import PostgresNIO
  import Testing

  @testable import CleanSlatePostgres

  /// The end of a database-mode test checks its connection for a transaction left open, from the
  /// status the server reports, without a statement the server rejects (each rejected statement
  /// is an `ERROR` line in the server's log).
  @Suite(postgresTests) struct DatabaseEndTests {
    /// Runs one test that uses the players database, does `body` on its connection, and returns
    /// the end's failures and the database.
    private func end(
      _ body: @escaping @Sendable (PostgresConnection) async throws -> Void
    ) async throws -> (failures: [String], database: PostgresTestDatabase) {
      let process = makeProcessScope()
      let used = Box<PostgresTestDatabase?>(nil)
      let failures = try await runTestScope("Players/ends()", in: process) {
        let database = try await use(.playersDatabase)
        used.value = database
        try await body(database.connection)
      }
      await process.end()
      return (failures.map(\.summary), try #require(used.value))
    }

    @Test func aCleanEndSendsNothingTheServerRejects() async throws {
      // Given a test that queries and commits a transaction of its own.
      let (failures, database) = try await end { connection in
        _ = try await connection.query("SELECT count(*) FROM players", logger: Logger(label: "t"))
        try await connection.query("BEGIN", logger: Logger(label: "t"))
        try await connection.query("COMMIT", logger: Logger(label: "t"))
      }
      // Then its end reports nothing, and the server rejected none of the statements on its
      // connection: the check added no error to the server's log.
      #expect(failures.isEmpty)
      #expect(database.watch.errorsRead == 0)
    }

    @Test func aTransactionLeftOpenIsReported() async throws {
      let (failures, database) = try await end { connection in
        try await connection.query("BEGIN", logger: Logger(label: "t"))
        try await connection.query("DELETE FROM players", logger: Logger(label: "t"))
      }
      #expect(
        failures == [
          "Teardown of fixture 'postgresDatabase' threw: the test left a transaction open on its connection to '\(database.name)'"
        ])
      #expect(database.watch.errorsRead == 0)
    }

    @Test func aFailedTransactionLeftOpenIsReported() async throws {
      let (failures, database) = try await end { connection in
        try await connection.query("BEGIN", logger: Logger(label: "t"))
        _ = try? await connection.query("SELECT * FROM no_such_table", logger: Logger(label: "t"))
      }
      #expect(
        failures == [
          "Teardown of fixture 'postgresDatabase' threw: the test left a failed transaction open on its connection to '\(database.name)'"
        ])
    }
  }
#endif
