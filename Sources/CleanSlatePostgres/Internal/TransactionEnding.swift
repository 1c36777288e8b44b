internal import PostgresNIO

/// The end of a transaction-mode test: roll its transaction back and give the connection back,
/// reporting what the test left behind.
enum TransactionEnding {
  static func end(
    _ connection: PostgresTestConnection, returningTo pool: TransactionPool
  ) async throws {
    let raw = connection.underlying
    let database = connection.databaseName
    var problems: [String] = []
    let leftOpen = connection.openSavepoints.count
    if leftOpen > 0 {
      problems.append(
        "the test left \(leftOpen) transaction(s) open on '\(database)' (a BEGIN without COMMIT or ROLLBACK); it was rolled back with the test's transaction"
      )
    }
    let marker: String?
    do {
      marker = try await BoundedOperation.run(on: raw) { raw in
        try await raw.query(
          "SELECT current_setting('cleanslate.test_transaction', true)", logger: .cleanSlate
        ).collect().first?.decode(String?.self)
      }
    } catch {
      await pool.checkin(raw, database: database, reusable: false, leaked: false)
      throw PostgresFixtureError(
        (problems + [
          PostgresFixtureError.connectionLost(to: database, on: pool.server, error)
        ]).joined(separator: "; "))
    }
    if marker == "on" {
      do {
        try await BoundedOperation.run(on: raw) { raw in
          try await raw.query("ROLLBACK", logger: .cleanSlate)
        }
        await pool.checkin(raw, database: database, reusable: true, leaked: false)
      } catch {
        await pool.checkin(raw, database: database, reusable: false, leaked: false)
        problems.append(
          "rolling back the test's transaction on '\(database)' failed: \(PostgresFixtureError.describe(error))"
        )
      }
    } else {
      _ = try? await BoundedOperation.run(on: raw) { raw in
        try await raw.query("ROLLBACK", logger: .cleanSlate)
      }
      await pool.checkin(raw, database: database, reusable: false, leaked: true)
      problems.append(
        "the code under test ended the test's transaction on '\(database)' (a COMMIT or ROLLBACK sent on `underlying`, such as PostgresConnection.withTransaction); what it committed stays in that database, which no later test will get. Use PostgresTestConnection.withTransaction, or send BEGIN/COMMIT through PostgresTestConnection.query, which turn them into savepoints"
      )
    }
    if !problems.isEmpty { throw PostgresFixtureError(problems.joined(separator: "; ")) }
  }
}
