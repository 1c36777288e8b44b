#if Postgres
  public import PostgresNIO

  /// A test's own database in database mode: cloned from the template for this test alone, and
  /// dropped when the test ends.
  ///
  /// ```swift
  /// let database = try await use(.playersDatabase)
  /// try await database.connection.query("INSERT INTO players VALUES (1, 'Ada', 10)", logger: logger)
  /// let client = PostgresClient(configuration: database.clientConfiguration)  // or the app's own
  /// ```
  ///
  /// Code under test may open as many connections as it likes and use real transactions: no
  /// other test sees this database. Open extra connections with ``connect()`` so that CleanSlate
  /// can report one left open. On ``connection`` and those, a query sent after the server closed
  /// the connection fails at once (PostgresNIO alone would never answer it).
  public final class PostgresTestDatabase: Sendable {
    /// The database's name, unique across the processes and machines that share the server.
    public let name: String
    /// The server it lives on.
    public let server: PostgresTestServer
    /// A connection to the database, opened for the test and closed when it ends.
    public let connection: PostgresConnection
    private let opened = LockedValue<[PostgresConnection]>([])
    /// The settings offered to an app to reach this database, and whether it read them.
    package let settingsOffer = SettingsOffer()

    /// Reads the transaction status the server reports on ``connection``.
    let watch: TransactionStatusWatch

    init(name: String, server: PostgresTestServer, connection: WatchedConnection) {
      self.name = name
      self.server = server
      self.connection = connection.connection
      watch = connection.watch
    }

    /// The configuration of a connection to this database, for the code under test to connect
    /// its own way.
    public var configuration: PostgresConnection.Configuration {
      server.configuration(database: name)
    }

    /// The configuration of a `PostgresClient` (PostgresNIO's connection pool) for this database,
    /// as most apps connect: the host, port, user, password and name, without TLS.
    ///
    /// ```swift
    /// let client = PostgresClient(configuration: database.clientConfiguration)
    /// ```
    public var clientConfiguration: PostgresClient.Configuration {
      PostgresClient.Configuration(
        host: server.host, port: server.port, username: server.username,
        password: server.password, database: name, tls: .disable)
    }

    /// Opens another connection to the database. Close it before the test ends: one still open
    /// then is reported, and closed.
    public func connect() async throws -> PostgresConnection {
      let connection = try await ServerSession.connectForTest(to: server, database: name)
      opened.withLock { $0.append(connection) }
      return connection
    }

    /// Checks the test's connection and closes every other one, and returns what the test left
    /// open, or how its connection was lost. The test's connection stays open, for the fixture to
    /// close (in the background when the database is dropped). Never waits longer than
    /// ``BoundedOperation/timeLimit`` on one connection.
    func finish() async -> [String] {
      var problems: [String] = []
      do {
        // A statement that proves the connection alive and writes nothing to the server's log
        // (it fails with 25P02 in an aborted transaction); the server's answer ends with the
        // transaction status, which the watch reads.
        try await BoundedOperation.run(on: connection) { connection in
          try await connection.query("SELECT 1", logger: .cleanSlate)
        }
        if watch.isInTransactionBlock {
          problems.append("the test left a transaction open on its connection to '\(name)'")
        }
      } catch let error as PSQLError where error.serverInfo?[.sqlState] == "25P02" {
        problems.append("the test left a failed transaction open on its connection to '\(name)'")
      } catch {
        problems.append(PostgresFixtureError.connectionLost(to: name, on: server, error))
      }
      let connections = opened.withLock { $0 }
      let leftOpen = connections.filter { !$0.isClosed }.count
      if leftOpen > 0 {
        problems.append(
          "the test left \(leftOpen) connection(s) opened with connect() open on '\(name)'; they were closed"
        )
      }
      // Closed or not, each is released (see BoundedOperation.close).
      for connection in connections { await BoundedOperation.close(connection) }
      return problems
    }
  }
#endif
