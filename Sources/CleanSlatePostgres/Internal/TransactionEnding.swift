internal import PostgresNIO

/// The end of a transaction-mode test: report what the test left behind, and give the
/// connection back to the pool, which sends its rollback (see ``TransactionPool``).
///
/// Nothing here waits for the server. Whether the code under test ended the test's transaction
/// is already known from the connection's ``TransactionStatusWatch``: then the database is
/// retired before the next test can be lent it, so what the test committed reaches no other
/// test.
enum TransactionEnding {
  static func end(
    _ connection: PostgresTestConnection, lent: TestTransaction.Lent,
    returningTo pool: TransactionPool
  ) throws {
    let database = lent.database
    var problems: [String] = []
    let leftOpen = connection.openSavepoints.count
    if leftOpen > 0 {
      problems.append(
        "the test left \(leftOpen) transaction(s) open on '\(database)' (a BEGIN without COMMIT or ROLLBACK); it was rolled back with the test's transaction"
      )
    }
    let ended = lent.watch.endedSinceMark
    // A connection lost during the test retires its database too: whether the server committed
    // something before the loss cannot be known.
    let lost = lent.watch.serverEnded || lent.connection.isClosed
    if ended || lost {
      pool.giveBack(lent, .retiringDatabase)
    } else if lent.watch.sawTransactionControlSinceMark {
      pool.giveBack(lent, .confirmingRollback)
    } else {
      pool.giveBack(lent, .rollingBack)
    }
    if ended {
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
}
