#if Postgres
  internal import PostgresNIO

  /// A test's connection in database mode, with the watch that reads the transaction status the
  /// server reports after each statement (see ``TransactionStatusWatch``): at the test's end, it
  /// tells a transaction left open without a statement that fails.
  struct WatchedConnection: Sendable {
    let connection: PostgresConnection
    let watch: TransactionStatusWatch

    /// Opens a test's connection to `database`, watched.
    static func open(to server: PostgresTestServer, database: String) async throws -> Self {
      let watch = TransactionStatusWatch()
      let connection = try await ServerSession.connectForTest(
        to: server, database: database, watch: watch)
      return WatchedConnection(connection: connection, watch: watch)
    }
  }
#endif
