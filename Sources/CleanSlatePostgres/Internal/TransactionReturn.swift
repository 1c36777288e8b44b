#if Postgres
  internal import Foundation
  internal import NIOCore
  internal import PostgresNIO

  /// What happens to a transaction-mode connection after its test: it is rolled back to the test
  /// transaction's savepoint, ready for the next test.
  enum TransactionReturn {
    /// Sends the rollback to the savepoint on `lent`'s connection, and a restart of its
    /// transaction when that is older than ``TestTransaction/freshFor``, without waiting for the
    /// answers: the connection can be lent at once, since whatever a next test sends runs after
    /// them. Only for a test that left the savepoint alone (its connection's watch saw no
    /// transaction control of its own).
    ///
    /// If one of them fails all the same (a task the test started sent a raw `COMMIT` after the
    /// test ended, say), the connection is closed, so that a test it was lent to fails instead of
    /// running on what is left, the failure is printed, and `failed` is called.
    static func sendRollback(
      on lent: TestTransaction.Lent, chains: Bool, failed: @escaping @Sendable () -> Void
    ) -> TestTransaction.Lent {
      var statements = ["ROLLBACK TO SAVEPOINT \(TestTransaction.savepoint)"]
      var back = lent
      if !lent.isFresh {
        statements += TestTransaction.restart(chains: chains)
        back.began = ContinuousClock.now
      }
      let connection = lent.connection
      guard !connection.isClosed else { return back }
      // Written to the connection before this returns; nothing waits for the answers, so they
      // need no time limit: a server that never answers holds up the next test's statements,
      // which fail or hang as on any connection.
      lent.watch.expectOwnStatements(statements.count)
      let answers = statements.map { connection.query($0).map { _ in () } }
      // One report however many of them fail.
      EventLoopFuture.andAllSucceed(answers, on: connection.eventLoop).whenFailure { error in
        guard !connection.isClosed else { return }
        FileHandle.standardError.write(
          Data(
            "CleanSlate: rolling back a transaction-mode connection to '\(lent.database)' after its test failed (\(PostgresFixtureError.describe(error))); the connection was closed\n"
              .utf8))
        connection.close().whenComplete { _ in }
        failed()
      }
      return back
    }

    /// Rolls `lent`'s connection back to the savepoint and waits for the answer, restarting its
    /// transaction when the savepoint is gone (the code under test released it, or rolled back
    /// past it with `ROLLBACK AND CHAIN`, which commits nothing) or older than
    /// ``TestTransaction/freshFor``; `nil` when the connection cannot be reused.
    ///
    /// Only connections whose test did not commit come here: the test's end reads that from the
    /// connection's ``TransactionStatusWatch`` and retires the database instead.
    static func rolledBack(
      _ lent: TestTransaction.Lent, chains: Bool
    ) async -> TestTransaction.Lent? {
      do {
        try await BoundedOperation.run(on: lent.connection) { raw in
          lent.watch.expectOwnStatements(1)
          try await raw.query(
            PostgresQuery(unsafeSQL: "ROLLBACK TO SAVEPOINT \(TestTransaction.savepoint)"),
            logger: .cleanSlate)
        }
      } catch let error where TestTransaction.wasEnded(error) {
        // Not `ROLLBACK AND CHAIN`: the connection may be outside any transaction, or in one the
        // code under test began with other characteristics.
        return try? await TestTransaction.start(on: lent, chains: false)
      } catch {
        return nil
      }
      if lent.isFresh { return lent }
      return try? await TestTransaction.start(on: lent, chains: chains)
    }
  }
#endif
