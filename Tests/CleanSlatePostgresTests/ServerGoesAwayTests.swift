#if Postgres
  import CleanSlate
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import Foundation
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
        let server = try await configuredServer()
        #expect(failures.count == 1)
        #expect(failures.first?.summary.contains("the server closed the connection") == true)
        #expect(failures.first?.summary.contains("\(server.host):\(server.port)") == true)
        // And the next test gets a healthy connection with every seeded row.
        let next = try await runTestScope(in: process) {
          let connection = try await use(.playersTransaction)
          #expect(try await connection.integer("SELECT count(*) FROM players") == 100)
        }
        #expect(next.isEmpty)
        await process.end()
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
        await process.end()
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
          // When the test ends with that connection closed under it (once the client has seen
          // the server close it: on a busy machine its event loop may not have yet).
          try await database.connection.closeFuture.get()
          #expect(database.connection.isClosed)
        }
        // Then its end reports, once, that the server closed the connection, naming host:port.
        let server = try await configuredServer()
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
        await process.end()
        // And the affected test's database is dropped.
        #expect(try await serverDatabases(prefix: first.value).isEmpty)
      }

      @Test(arguments: [DatabaseConnection.theFixtures, .openedWithConnect])
      func inDatabaseModeAQueryOnAConnectionTheServerClosedFailsInsteadOfHanging(
        _ which: DatabaseConnection
      ) async throws {
        let process = makeProcessScope()
        let failures = try await runTestScope(in: process) {
          // Given a test's connection that the server ended, and that has closed since.
          let database = try await use(.playersDatabase)
          let connection = try await which.connection(in: database)
          try await terminateBackend(of: connection)
          try await connection.closeFuture.get()
          // When the test sends a query on it.
          let outcome = await Outcome.within(.seconds(10)) {
            try await connection.query("SELECT 1", logger: Logger(label: "tests"))
          }
          // Then the query fails at once, with the server's error that ended the connection.
          #expect(outcome.failedOnAConnectionTheServerClosed, "\(outcome)")
        }
        // And the test's end reports what it left, as for any test.
        #expect(failures.count == (which == .theFixtures ? 1 : 0))
        await process.end()
      }

      @Test func inTransactionModeARawQueryOnAConnectionTheServerClosedFailsInsteadOfHanging()
        async throws
      {
        let process = makeProcessScope()
        _ = try await runTestScope(in: process) {
          // Given a test's connection that the server ended, and that has closed since.
          let connection = try await use(.playersTransaction)
          try await terminateBackend(of: connection.underlying)
          try await connection.underlying.closeFuture.get()
          // When the test sends a query on the raw connection, past PostgresTestConnection.
          let outcome = await Outcome.within(.seconds(10)) {
            try await connection.underlying.query("SELECT 1", logger: Logger(label: "tests"))
          }
          // Then the query fails at once, with the server's error that ended the connection.
          #expect(outcome.failedOnAConnectionTheServerClosed, "\(outcome)")
        }
        await process.end()
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

  /// Which of a database-mode test's connections a test uses.
  enum DatabaseConnection: Sendable, CustomTestStringConvertible {
    /// The connection the fixture opened for the test.
    case theFixtures
    /// One the test opened with `connect()`.
    case openedWithConnect

    func connection(in database: PostgresTestDatabase) async throws -> PostgresConnection {
      switch self {
      case .theFixtures: database.connection
      case .openedWithConnect: try await database.connect()
      }
    }

    var testDescription: String {
      switch self {
      case .theFixtures: "the fixture's connection"
      case .openedWithConnect: "a connection opened with connect()"
      }
    }
  }

  /// How an operation that may never return ended, within a time limit that only guards the run
  /// against a hang (it is no assertion about speed).
  enum Outcome: Sendable, CustomStringConvertible {
    case returned
    case threw(any Error)
    case stillRunning

    /// Runs `operation` in a task of its own and returns how it ended, or `stillRunning` once
    /// `limit` has passed, leaving it running.
    static func within(
      _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Void
    ) async -> Outcome {
      let first = Box<CheckedContinuation<Outcome, Never>?>(nil)
      let lock = NSLock()
      let finish: @Sendable (Outcome) -> Void = { outcome in
        let continuation = lock.withLock {
          defer { first.value = nil }
          return first.value
        }
        continuation?.resume(returning: outcome)
      }
      return await withCheckedContinuation { continuation in
        lock.withLock { first.value = continuation }
        Task {
          do {
            try await operation()
            finish(.returned)
          } catch {
            finish(.threw(error))
          }
        }
        Task {
          try? await Task.sleep(for: limit)
          finish(.stillRunning)
        }
      }
    }

    /// Whether the operation failed because the server closed the connection: PostgresNIO's
    /// error for a closed connection, after the server's end of the stream or its `FATAL` error
    /// (then PostgresNIO closed the channel itself, and names the server's error as the cause).
    var failedOnAConnectionTheServerClosed: Bool {
      guard case .threw(let error) = self, let error = error as? PSQLError else { return false }
      switch error.code {
      case .serverClosedConnection: return true
      case .clientClosedConnection:
        return (error.underlying as? PSQLError)?.serverInfo?[.severity] == "FATAL"
      default: return false
      }
    }

    var description: String {
      switch self {
      case .returned: "returned"
      case .threw(let error): "threw \(String(reflecting: error))"
      case .stillRunning: "still running"
      }
    }
  }
#endif
