#if Postgres
  internal import PostgresNIO

  /// The start of a transaction-mode test: borrow a connection already inside a fresh test
  /// transaction, or begin one on it.
  enum TransactionBeginning {
    /// Borrows a connection from `pool`, inside the test transaction. A connection back from an
    /// earlier test is handed over as it is when its transaction is younger than
    /// ``TestTransaction/freshFor``; an older one is restarted (`ROLLBACK AND CHAIN`), a new one
    /// begun. A connection the server ended while it sat idle in the pool is replaced by a fresh
    /// one, once. The connection's watch starts afresh for the test.
    static func begin(in pool: TransactionPool) async throws -> TestTransaction.Lent {
      var attemptsLeft = 2
      while true {
        attemptsLeft -= 1
        var lent = try await pool.checkout()
        if !lent.isFresh {
          do {
            lent = try await TestTransaction.start(on: lent, chains: pool.chainsTransactions)
          } catch {
            pool.discard(lent)
            if attemptsLeft > 0 && PostgresFixtureError.lostConnection(error) { continue }
            throw PostgresFixtureError(
              "Beginning the test's transaction on '\(lent.database)' on PostgreSQL at \(pool.server.host):\(pool.server.port) failed: \(PostgresFixtureError.describe(error))"
            )
          }
        }
        lent.watch.mark()
        return lent
      }
    }
  }
#endif
