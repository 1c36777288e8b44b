#if Postgres
  internal import PostgresNIO

  /// A failure of CleanSlate's PostgreSQL fixtures: no server configured, a server that refused
  /// the connection or went away, a migration that failed, a test that left work open.
  ///
  /// Its description names the server as `host:port`, never the password.
  public struct PostgresFixtureError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in one sentence or two.
    public let message: String

    /// Creates a failure with its message.
    package init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }

    /// An operation on `server` failed.
    static func failed(
      _ operation: String, on server: PostgresTestServer, _ error: any Error
    ) -> PostgresFixtureError {
      PostgresFixtureError(
        "\(operation) failed on PostgreSQL at \(server.host):\(server.port): \(describe(error))")
    }

    /// The account of a test's connection to `database` that ended during the test: it says
    /// whether the server closed it, and names the server as `host:port`.
    static func connectionLost(
      to database: String, on server: PostgresTestServer, _ error: any Error
    ) -> String {
      let cause: String
      if let failure = error as? BoundedOperation.Failure {
        cause = failure.description
      } else if let error = error as? PSQLError, closedConnection(error) {
        cause = "the server closed the connection (\(describe(error)))"
      } else {
        cause = describe(error)
      }
      return
        "the connection to '\(database)' on PostgreSQL at \(server.host):\(server.port) was lost during the test: \(cause)"
    }

    /// Whether `error`, thrown by a fixture's own bounded statement, says the connection is gone.
    static func lostConnection(_ error: any Error) -> Bool {
      if error is BoundedOperation.Failure { return true }
      guard let error = error as? PSQLError else { return false }
      return closedConnection(error)
    }

    /// Whether `error` says the connection ended: closed under the client, or ended by the server
    /// (SQLSTATE class 57P, as `pg_terminate_backend` or a shutdown sends, or class 08).
    static func closedConnection(_ error: PSQLError) -> Bool {
      if error.code == .serverClosedConnection || error.code == .clientClosedConnection {
        return true
      }
      guard let state = error.serverInfo?[.sqlState] else { return false }
      return state.hasPrefix("57P") || state.hasPrefix("08")
    }

    /// A readable account of an error: PostgresNIO hides its details from `description` (they may
    /// quote data); CleanSlate shows the server's message and the connection error, nothing else.
    static func describe(_ error: any Error) -> String {
      guard let error = error as? PSQLError else { return "\(error)" }
      if let message = error.serverInfo?[.message] {
        let code = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
        return message + code
      }
      if let underlying = error.underlying { return "\(error.code): \(underlying)" }
      return "\(error.code)"
    }
  }
#endif
