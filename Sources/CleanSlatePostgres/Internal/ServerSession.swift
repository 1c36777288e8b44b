#if Postgres
  internal import Foundation
  internal import NIOCore
  internal import NIOPosix
  internal import PostgresNIO

  /// One test process's session with a PostgreSQL server: the maintenance connection that holds
  /// the process's token lock, and the operations on databases that go through it.
  actor ServerSession {
    let server: PostgresTestServer
    /// This process's token, unique among the live processes using the server.
    let token: String
    /// `server_version_num`, part of every template key.
    let serverVersion: String
    let admin: PostgresConnection
    /// The sweep of what dead processes left, started as the session opens.
    private var sweeping: Task<Void, Never>?

    private init(
      server: PostgresTestServer, token: String, serverVersion: String, admin: PostgresConnection
    ) {
      self.server = server
      self.token = token
      self.serverVersion = serverVersion
      self.admin = admin
    }

    /// Connects and takes a token no live process holds (learning the server's version in the
    /// same round trip), then sweeps what dead processes left, in the background: the first
    /// tests need none of it.
    static func open(_ server: PostgresTestServer) async throws -> ServerSession {
      let admin = try await connect(to: server, database: server.database)
      do {
        var token: String
        var version = "?"
        var locked = false
        repeat {
          token = String(format: "%08x", UInt32.random(in: 0x1000_0000...UInt32.max))
          let id = AdvisoryLock.objectID(hex: token)
          let row = try await admin.query(
            "SELECT current_setting('server_version_num'), pg_try_advisory_lock(\(AdvisoryLock.processToken), \(id))",
            logger: .cleanSlate
          ).collect().first
          if let (found, taken) = try row?.decode((String, Bool).self) {
            version = found
            locked = taken
          }
        } while !locked
        let session = ServerSession(
          server: server, token: token, serverVersion: version, admin: admin)
        await session.sweepInBackground()
        return session
      } catch {
        try? await admin.close()
        throw PostgresFixtureError.failed("Opening the test session", on: server, error)
      }
    }

    /// Opens a connection to one of the server's databases, for CleanSlate's own statements; a
    /// failure names the host and port.
    static func connect(
      to server: PostgresTestServer, database: String
    ) async throws -> PostgresConnection {
      do {
        return try await PostgresConnection.connect(
          configuration: server.configuration(database: database),
          id: ConnectionID.next(), logger: .cleanSlate)
      } catch {
        throw connectionFailed(to: server, database: database, error)
      }
    }

    /// Opens a connection to one of the server's databases for a test to use; a failure names the
    /// host and port.
    ///
    /// The connection runs on a ``RelayChannel`` over a socket CleanSlate opens itself, so that a
    /// query the test sends after the server closed the connection fails at once instead of
    /// hanging; close it with ``BoundedOperation/close(_:)``, which releases that channel. With a
    /// `watch`, the watch's handler is first in the socket's pipeline, the relay tells it of every
    /// statement sent, and its arrival handler is last in the relay's pipeline (see
    /// ``TransactionStatusWatch``).
    static func connectForTest(
      to server: PostgresTestServer, database: String, watch: TransactionStatusWatch? = nil
    ) async throws -> PostgresConnection {
      var socket: (any Channel)?
      var relay: RelayChannel?
      do {
        let connected = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
          .connectTimeout(.seconds(5))
          .channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
              if let watch { try channel.pipeline.syncOperations.addHandler(watch.makeHandler()) }
            }
          }
          .connect(host: server.host, port: server.port).get()
        socket = connected
        let channel = try await connected.eventLoop.submit {
          try RelayChannel(wrapping: connected, watch: watch)
        }.get()
        relay = channel
        let connection = try await PostgresConnection.connect(
          on: connected.eventLoop,
          configuration: PostgresConnection.Configuration(
            establishedChannel: channel, username: server.username, password: server.password,
            database: database),
          id: ConnectionID.next(), logger: .cleanSlate
        ).get()
        if let watch {
          try await connected.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(watch.makeArrivalHandler())
          }.get()
        }
        RelayChannel.register(channel, of: connection)
        return connection
      } catch {
        // Closed (PostgresNIO may have closed it already), then released: nothing will use it.
        socket?.close(promise: nil)
        relay?.release()
        throw connectionFailed(to: server, database: database, error)
      }
    }

    private static func connectionFailed(
      to server: PostgresTestServer, database: String, _ error: any Error
    ) -> PostgresFixtureError {
      PostgresFixtureError(
        "Could not connect to PostgreSQL at \(server.host):\(server.port) (user '\(server.username)', database '\(database)'): \(PostgresFixtureError.describe(error)). Is the server running? (CLEANSLATE_POSTGRES_URL or PGHOST names it; with neither set, CleanSlate starts one itself.)"
      )
    }

    private static func tryLock(
      _ namespace: Int32, _ hex: String, on connection: PostgresConnection
    ) async throws -> Bool {
      let id = AdvisoryLock.objectID(hex: hex)
      return try await connection.query(
        "SELECT pg_try_advisory_lock(\(namespace), \(id))", logger: .cleanSlate
      ).collect().first?.decode(Bool.self) ?? false
    }

    // MARK: - Databases

    /// Drops every database whose owner process is gone; returns their names.
    @discardableResult
    func sweep() async throws -> [String] {
      let names = try await admin.query(
        "SELECT datname FROM pg_database WHERE datname LIKE 'cs\\_%'", logger: .cleanSlate
      ).collect().map { try $0.decode(String.self) }
      let byOwner = Dictionary(grouping: names) { DatabaseName.ownerToken(of: $0) }
      var dropped: [String] = []
      for case (let owner?, let databases) in byOwner where owner != token {
        guard try await Self.tryLock(AdvisoryLock.processToken, owner, on: admin) else { continue }
        for name in databases {
          try await drop(name)
          dropped.append(name)
        }
        let id = AdvisoryLock.objectID(hex: owner)
        try await admin.query(
          "SELECT pg_advisory_unlock(\(AdvisoryLock.processToken), \(id))", logger: .cleanSlate)
      }
      return dropped
    }

    /// Clones `template` into a new database.
    func clone(_ template: String, to name: String) async throws {
      try await Self.clone(template, to: name, on: admin, server: server)
    }

    /// Clones `template` into a new database, on a maintenance connection of the caller's, so
    /// that several clones can be made at once.
    static func clone(
      _ template: String, to name: String, on connection: PostgresConnection,
      server: PostgresTestServer
    ) async throws {
      do {
        try await connection.query(
          PostgresQuery(
            unsafeSQL:
              "CREATE DATABASE \(DatabaseName.quoted(name)) TEMPLATE \(DatabaseName.quoted(template)) STRATEGY FILE_COPY"
          ), logger: .cleanSlate)
      } catch {
        throw PostgresFixtureError.failed(
          "Creating database '\(name)' from template '\(template)'", on: server, error)
      }
    }

    /// Drops a database, ending any connection still open to it.
    func drop(_ name: String) async throws {
      try await execute(
        "DROP DATABASE IF EXISTS \(DatabaseName.quoted(name)) WITH (FORCE)",
        doing: "Dropping database '\(name)'")
    }

    /// Renames a database, once the connections to it have ended.
    func rename(_ name: String, to newName: String) async throws {
      try await Self.waitUntilUnused(name, on: admin)
      try await execute(
        "ALTER DATABASE \(DatabaseName.quoted(name)) RENAME TO \(DatabaseName.quoted(newName))",
        doing: "Renaming database '\(name)'")
    }

    /// The names of the databases on the server that start with `prefix`.
    func databases(prefix: String) async throws -> [String] {
      try await admin.query(
        "SELECT datname FROM pg_database WHERE starts_with(datname, \(prefix)) ORDER BY datname",
        logger: .cleanSlate
      ).collect().map { try $0.decode(String.self) }
    }

    private func execute(_ sql: String, doing operation: String) async throws {
      do {
        try await admin.query(PostgresQuery(unsafeSQL: sql), logger: .cleanSlate)
      } catch {
        throw PostgresFixtureError.failed(operation, on: server, error)
      }
    }

    /// Closes the maintenance connection, which releases the token lock, once the sweep is done
    /// (or after ``BoundedOperation/timeLimit``, on a server that stopped answering it: closing
    /// ends the sweep's query, and the next process sweeps again).
    func close() async {
      if let sweeping {
        await withTaskGroup(of: Void.self) { group in
          group.addTask { await sweeping.value }
          group.addTask { try? await Task.sleep(for: BoundedOperation.timeLimit) }
          await group.next()
          group.cancelAll()
        }
      }
      try? await admin.close()
    }

    private func sweepInBackground() {
      sweeping = Task {
        _ = try? await self.sweep()
        try? await self.sweepSpares()
      }
    }

    /// Whether the database `name` exists.
    func exists(_ name: String) async throws -> Bool {
      let count =
        try await admin.query(
          "SELECT count(*) FROM pg_database WHERE datname = \(name)", logger: .cleanSlate
        ).collect().first?.decode(Int.self) ?? 0
      return count > 0
    }
  }

  /// Connection ids for PostgresNIO's logs.
  enum ConnectionID {
    private static let counter = Counter()
    static func next() -> Int { counter.next() }

    private final class Counter: @unchecked Sendable {
      private let lock = NSLock()
      private var value = 0
      func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
      }
    }
  }
#endif
