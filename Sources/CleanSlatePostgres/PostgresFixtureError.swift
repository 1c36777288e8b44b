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

  /// No server is configured.
  static let notConfigured = PostgresFixtureError(
    "No PostgreSQL server is configured (CLEANSLATE_POSTGRES_URL or PGHOST). Start one with `eval \"$(scripts/start-test-postgres.sh)\"`."
  )

  /// An operation on `server` failed.
  static func failed(
    _ operation: String, on server: PostgresTestServer, _ error: any Error
  ) -> PostgresFixtureError {
    PostgresFixtureError(
      "\(operation) failed on PostgreSQL at \(server.host):\(server.port): \(describe(error))")
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
