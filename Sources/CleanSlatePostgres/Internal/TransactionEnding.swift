#if Postgres
  internal import CleanSlate
  internal import PostgresNIO

  /// The end of a transaction-mode test: report what the test left behind, and give the
  /// connection back to the pool, which sends its rollback (see ``TransactionPool``).
  ///
  /// Whether the code under test ended the test's transaction is known from the connection's
  /// ``TransactionStatusWatch``: then the database is retired before the next test can be lent
  /// it, so what the test committed reaches no other test. Nothing here waits for the server,
  /// unless the test left statements running (sent without waiting for their answers): a `COMMIT`
  /// among them ends the transaction only when the server runs it, so the end waits for their
  /// answers first (within ``BoundedOperation/timeLimit``), and reports the `COMMIT` against the
  /// test that sent it, never against a later one.
  enum TransactionEnding {
    static func end(
      _ connection: PostgresTestConnection, lent: TestTransaction.Lent,
      returningTo pool: TransactionPool
    ) throws {
      let database = lent.database
      let stillRunning = awaitStatementsLeftRunning(on: lent)
      var problems: [String] = []
      let leftOpen = connection.openSavepoints.count
      if leftOpen > 0 {
        problems.append(
          "the test left \(leftOpen) transaction(s) open on '\(database)' (a BEGIN without COMMIT or ROLLBACK); it was rolled back with the test's transaction"
        )
      }
      let ended = lent.watch.endedSinceMark
      // A connection lost during the test, or closed with statements still running on it,
      // retires its database too: whether the server committed something cannot be known.
      let lost = lent.watch.serverEnded || lent.connection.isClosed || stillRunning != nil
      if ended || lost {
        pool.giveBack(lent, .retiringDatabase)
      } else if lent.watch.sawTransactionControlSinceMark {
        pool.giveBack(lent, .confirmingRollback)
      } else {
        pool.giveBack(lent, .rollingBack)
      }
      if let stillRunning, !ended {
        problems.append(stillRunning)
      } else if ended {
        problems.append(
          "the code under test ended the test's transaction on '\(database)' (a COMMIT or ROLLBACK sent on `underlying`, such as PostgresConnection.withTransaction); what it committed stays in that database, which no later test will get. Use PostgresTestConnection.withTransaction, or send BEGIN/COMMIT through PostgresTestConnection.query, which turn them into savepoints"
        )
      } else if lost {
        problems.append(
          PostgresFixtureError.connectionLost(
            to: database, on: pool.server, BoundedOperation.Failure.serverClosedConnection))
      }
      if !problems.isEmpty { throw PostgresFixtureError(problems.joined(separator: "; ")) }
    }

    /// Waits for the answers to the statements still running on `lent`'s connection as its test
    /// ends, if any; returns the problem when they did not come within
    /// ``BoundedOperation/timeLimit`` (the connection is closed then).
    private static func awaitStatementsLeftRunning(on lent: TestTransaction.Lent) -> String? {
      let connection = lent.connection
      guard !connection.isClosed, lent.watch.statementInFlight else { return nil }
      // A statement that changes nothing, queued behind them: once it is answered, so are they.
      // The watch counts its answer as the test's, which is harmless: it ends no transaction.
      let failure = waitSynchronously(on: SemaphoreWaiter()) { () async -> (any Error)? in
        do {
          try await BoundedOperation.run(on: connection) { connection in
            try await connection.query("SELECT WHERE false", logger: .cleanSlate)
          }
          return nil
        } catch {
          return error
        }
      }
      guard case BoundedOperation.Failure.timedOut(let limit)? = failure else { return nil }
      return
        "the test left statements running on '\(lent.database)' that did not finish within \(limit) of its end; the connection was closed"
    }
  }
#endif
