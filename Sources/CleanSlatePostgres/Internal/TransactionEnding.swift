internal import PostgresNIO

/// The end of a transaction-mode test: roll back to the test transaction's savepoint and give the
/// connection back, reporting what the test left behind.
enum TransactionEnding {
  static func end(
    _ connection: PostgresTestConnection, lent: TestTransaction.Lent,
    returningTo pool: TransactionPool
  ) async throws {
    let database = lent.database
    var problems: [String] = []
    let leftOpen = connection.openSavepoints.count
    if leftOpen > 0 {
      problems.append(
        "the test left \(leftOpen) transaction(s) open on '\(database)' (a BEGIN without COMMIT or ROLLBACK); it was rolled back with the test's transaction"
      )
    }
    do {
      // One round trip: undoes the test, and proves its transaction is still the one begun for
      // it (after a COMMIT the savepoint is gone, and this fails).
      try await BoundedOperation.run(on: lent.connection) { raw in
        try await raw.query(
          PostgresQuery(unsafeSQL: "ROLLBACK TO SAVEPOINT \(TestTransaction.savepoint)"),
          logger: .cleanSlate)
      }
      await pool.checkin(lent, reusable: true, leaked: false)
    } catch let error where TestTransaction.wasEnded(error) {
      _ = try? await BoundedOperation.run(on: lent.connection) { raw in
        try await raw.query("ROLLBACK", logger: .cleanSlate)
      }
      await pool.checkin(lent, reusable: false, leaked: true)
      problems.append(
        "the code under test ended the test's transaction on '\(database)' (a COMMIT or ROLLBACK sent on `underlying`, such as PostgresConnection.withTransaction); what it committed stays in that database, which no later test will get. Use PostgresTestConnection.withTransaction, or send BEGIN/COMMIT through PostgresTestConnection.query, which turn them into savepoints"
      )
    } catch {
      // Whether the transaction was still the test's is unknown: retire the database too.
      await pool.checkin(lent, reusable: false, leaked: true)
      if PostgresFixtureError.lostConnection(error) {
        problems.append(PostgresFixtureError.connectionLost(to: database, on: pool.server, error))
      } else {
        problems.append(
          "rolling back the test's transaction on '\(database)' failed: \(PostgresFixtureError.describe(error))"
        )
      }
    }
    if !problems.isEmpty { throw PostgresFixtureError(problems.joined(separator: "; ")) }
  }
}
