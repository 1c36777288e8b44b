internal import PostgresNIO

/// The start of a transaction-mode test: borrow a connection and begin the test's transaction.
enum TransactionBeginning {
  /// Borrows a connection from `pool` and begins the test's transaction on it. A connection the
  /// server ended while it sat idle in the pool is replaced by a fresh one, once.
  static func begin(
    in pool: TransactionPool
  ) async throws -> (connection: PostgresConnection, database: String) {
    var attemptsLeft = 2
    while true {
      attemptsLeft -= 1
      let (raw, database) = try await pool.checkout()
      do {
        try await BoundedOperation.run(on: raw) { raw in
          try await raw.query("BEGIN", logger: .cleanSlate)
          try await raw.query(
            "SELECT set_config('cleanslate.test_transaction', 'on', true)", logger: .cleanSlate)
        }
        return (raw, database)
      } catch {
        await pool.checkin(raw, database: database, reusable: false, leaked: false)
        if attemptsLeft > 0 && isClosedConnection(error) { continue }
        throw PostgresFixtureError(
          "Beginning the test's transaction on '\(database)' on PostgreSQL at \(pool.server.host):\(pool.server.port) failed: \(PostgresFixtureError.describe(error))"
        )
      }
    }
  }

  private static func isClosedConnection(_ error: any Error) -> Bool {
    if error is BoundedOperation.Failure { return true }
    guard let error = error as? PSQLError else { return false }
    return PostgresFixtureError.closedConnection(error)
  }
}
