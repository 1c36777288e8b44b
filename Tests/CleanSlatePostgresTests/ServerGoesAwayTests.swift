import CleanSlate
import CleanSlatePostgres
import CleanSlateTestSupport
import PostgresNIO
import Testing

/// A server that ends a test's connection mid-run (as a restart or an administrator would):
/// the affected test fails clearly, nothing hangs, and the next test runs on a healthy one.
extension TransactionModeSerially {
  @Suite(postgresTests) struct ServerGoesAwayTests {
    @Test func inTransactionModeTheAffectedTestFailsClearlyAndTheNextGetsAFreshConnection()
      async throws
    {
      // Given a test whose connection the server ends mid-run.
      let process = makeProcessScope()
      let failures = try await runTestScope(in: process) {
        let connection = try await use(.playersTransaction)
        try await terminateBackend(of: connection.underlying)
        // When the test's next query runs.
        await #expect(throws: (any Error).self) {
          try await connection.query("SELECT count(*) FROM players")
        }
      }
      // Then its end reports, once, that the server closed the connection, naming host:port.
      let server = try configuredServer()
      #expect(failures.count == 1)
      #expect(failures.first?.summary.contains("the server closed the connection") == true)
      #expect(failures.first?.summary.contains("\(server.host):\(server.port)") == true)
      // And the next test gets a healthy connection with every seeded row.
      let next = try await runTestScope(in: process) {
        let connection = try await use(.playersTransaction)
        #expect(try await connection.integer("SELECT count(*) FROM players") == 100)
      }
      #expect(next.isEmpty)
      _ = await process.end()
    }

    @Test func inTransactionModeAConnectionEndedWhileIdleInThePoolIsReplaced() async throws {
      // Given a connection the server ended while it sat idle between two tests.
      let process = makeProcessScope()
      let pid = Box<Int>(0)
      let first = try await runTestScope(in: process) {
        let connection = try await use(.playersTransaction)
        pid.value = try await connection.underlying.integer("SELECT pg_backend_pid()")
      }
      #expect(first.isEmpty)
      try await terminateBackend(pid: pid.value)
      // When the next test starts.
      let next = try await runTestScope(in: process) {
        let connection = try await use(.playersTransaction)
        // Then it runs on a fresh connection, with every seeded row.
        #expect(try await connection.underlying.integer("SELECT pg_backend_pid()") != pid.value)
        #expect(try await connection.integer("SELECT count(*) FROM players") == 100)
      }
      #expect(next.isEmpty)
      _ = await process.end()
    }

    @Test func inDatabaseModeTheAffectedTestFailsClearlyAndTheNextGetsAFreshDatabase()
      async throws
    {
      // Given a test whose connection the server ends mid-run.
      let process = makeProcessScope()
      let first = Box<String>("")
      let failures = try await runTestScope(in: process) {
        let database = try await use(.playersDatabase)
        first.value = database.name
        try await terminateBackend(of: database.connection)
        // When the test ends with that connection closed under it. (No query is sent on it here:
        // PostgresNIO 1.33.2 never answers one written to a closed channel.)
        #expect(database.connection.isClosed)
      }
      // Then its end reports, once, that the server closed the connection, naming host:port.
      let server = try configuredServer()
      #expect(failures.count == 1)
      #expect(failures.first?.summary.contains("the server closed the connection") == true)
      #expect(failures.first?.summary.contains("\(server.host):\(server.port)") == true)
      // And the next test gets a database of its own with every seeded row.
      let next = try await runTestScope(in: process) {
        let database = try await use(.playersDatabase)
        #expect(database.name != first.value)
        #expect(try await database.connection.integer("SELECT count(*) FROM players") == 100)
      }
      #expect(next.isEmpty)
      _ = await process.end()
      // And the affected test's database is dropped.
      #expect(try await serverDatabases(prefix: first.value).isEmpty)
    }
  }
}

/// Ends `connection`'s backend from another connection, as `pg_terminate_backend` does when an
/// administrator or a restart ends it.
private func terminateBackend(of connection: PostgresConnection) async throws {
  try await terminateBackend(pid: try await connection.integer("SELECT pg_backend_pid()"))
}

/// Ends the backend with process id `pid`, and waits until it has ended.
private func terminateBackend(pid: Int) async throws {
  try await withAdminConnection { admin in
    _ = try await admin.query(
      "SELECT pg_terminate_backend(\(Int32(pid)), 1000)", logger: Logger(label: "tests")
    ).collect()
  }
}
