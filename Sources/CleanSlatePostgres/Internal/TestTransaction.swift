internal import PostgresNIO

/// The transaction a transaction-mode test runs in, and the savepoint that marks it.
///
/// The pool's connection runs `BEGIN`, then `SAVEPOINT cleanslate_test_transaction`; the test
/// runs after the savepoint. At its end, `ROLLBACK TO SAVEPOINT` undoes everything the test did
/// (rows, locks, settings, even a transaction it left failed) in one round trip, and leaves the
/// savepoint in place for the next test. The savepoint is also the mark that tells whether the
/// code under test ended the transaction: after a `COMMIT` or `ROLLBACK` sent past
/// ``PostgresTestConnection``, the savepoint is gone and rolling back to it fails.
enum TestTransaction {
  /// The savepoint every test starts at.
  static let savepoint = "cleanslate_test_transaction"

  /// How long a pooled connection's transaction is reused before it is restarted when lent, so
  /// that `now()` (the transaction's start) stays within this of the test's start.
  static let freshFor: Duration = .milliseconds(10)

  /// A connection lent to a test.
  struct Lent: Sendable {
    let connection: PostgresConnection
    /// The database the connection is open on.
    let database: String
    /// When the transaction it waits in began; `nil` before any.
    var began: ContinuousClock.Instant?
  }

  /// Why rolling back to the savepoint failed when the server answered: the transaction it
  /// marks was ended (25P01: no transaction; 3B001: another transaction, without the savepoint).
  static func wasEnded(_ error: any Error) -> Bool {
    guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return false }
    return state == "25P01" || state == "3B001"
  }
}
