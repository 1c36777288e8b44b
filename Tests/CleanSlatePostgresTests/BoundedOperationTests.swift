#if Postgres
  import PostgresNIO
  import Testing

  @testable import CleanSlatePostgres

  /// The fixtures' own statements on a connection: bounded by its close, and leaving nothing
  /// behind on a connection that serves many of them (transaction mode's, one per test).
  @Suite(postgresTests) struct BoundedOperationTests {
    @Test func operationsLeaveNoCallbackOnTheirConnection() async throws {
      try await withAdminConnection { connection in
        // Given a connection that served many bounded statements (with a limit no busy machine
        // reaches: this is not about time).
        for _ in 1...50 {
          try await BoundedOperation.run(on: connection, limit: .seconds(60)) { connection in
            try await connection.query("SELECT 1", logger: Logger(label: "tests"))
          }
        }
        // Then none of them still waits for its close.
        #expect(CloseWatch.count(on: connection) == 0)
      }
    }

    @Test func anOperationEndsWhenItsConnectionCloses() async throws {
      let server = try await configuredServer()
      let connection = try await PostgresConnection.connect(
        configuration: server.configuration(), id: 1, logger: Logger(label: "tests"))
      // Given a bounded statement that would take far longer than the test.
      let sleeping = Task {
        try await BoundedOperation.run(on: connection, limit: .seconds(30)) { connection in
          try await connection.query("SELECT pg_sleep(30)", logger: Logger(label: "tests"))
        }
      }
      try await Task.sleep(for: .milliseconds(50))
      // When the connection closes under it.
      try await connection.close()
      // Then it fails rather than waiting for the statement, and no callback is left behind.
      await #expect(throws: (any Error).self) { try await sleeping.value }
      #expect(CloseWatch.count(on: connection) == 0)
    }
  }
#endif
