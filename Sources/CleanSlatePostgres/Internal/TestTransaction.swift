#if Postgres
  internal import PostgresNIO

  /// The transaction a transaction-mode test runs in, and the savepoint that marks it.
  ///
  /// The pool's connection runs `BEGIN`, then `SAVEPOINT cleanslate_test_transaction`; the test
  /// runs after the savepoint. Once the test is over, `ROLLBACK TO SAVEPOINT` undoes everything it
  /// did (rows, locks, settings, even a transaction it left failed) in one round trip, and leaves
  /// the savepoint in place for the next test. Whether the code under test ended the transaction
  /// (a `COMMIT` or `ROLLBACK` sent past ``PostgresTestConnection``) is known as the test ends,
  /// from the connection's ``TransactionStatusWatch``.
  enum TestTransaction {
    /// The savepoint every test starts at.
    static let savepoint = "cleanslate_test_transaction"

    /// How long a pooled connection's transaction is reused before it is restarted, so that
    /// `now()` (the transaction's start) stays within this of the test's start.
    static let freshFor: Duration = .milliseconds(10)

    /// A connection lent to a test.
    struct Lent: Sendable {
      let connection: PostgresConnection
      /// What the server says about the connection's transaction.
      let watch: TransactionStatusWatch
      /// The database the connection is open on.
      let database: String
      /// When the transaction it waits in began; `nil` before any.
      var began: ContinuousClock.Instant?

      /// Whether its transaction began within ``freshFor``.
      var isFresh: Bool {
        guard let began else { return false }
        return ContinuousClock.now - began < freshFor
      }
    }

    /// Begins the test transaction on `lent`'s connection, or restarts the one it began
    /// (`ROLLBACK AND CHAIN` when `chains`, else `ROLLBACK` then `BEGIN`), and sets the savepoint.
    static func start(on lent: Lent, chains: Bool) async throws -> Lent {
      var lent = lent
      let now = ContinuousClock.now
      let statements =
        lent.began == nil ? ["BEGIN", "SAVEPOINT \(savepoint)"] : restart(chains: chains)
      try await BoundedOperation.run(on: lent.connection) { [lent] raw in
        for statement in statements {
          lent.watch.expectOwnStatements(1)
          try await raw.query(PostgresQuery(unsafeSQL: statement), logger: .cleanSlate)
        }
      }
      lent.began = now
      return lent
    }

    /// The statements that restart a connection's test transaction and set its savepoint.
    static func restart(chains: Bool) -> [String] {
      (chains ? ["ROLLBACK AND CHAIN"] : ["ROLLBACK", "BEGIN"]) + ["SAVEPOINT \(savepoint)"]
    }

    /// Why rolling back to the savepoint failed when the server answered: the transaction it
    /// marks was ended (25P01: no transaction; 3B001: another transaction, without the savepoint).
    static func wasEnded(_ error: any Error) -> Bool {
      guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return false }
      return state == "25P01" || state == "3B001"
    }
  }
#endif
