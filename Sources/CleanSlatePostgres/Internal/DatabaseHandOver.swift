#if Postgres
  internal import PostgresNIO

  /// The start of a database-mode test: hand over the connection opened ahead to its clone, once
  /// it has proved alive.
  enum DatabaseHandOver {
    /// The clone's connection opened ahead, after one round trip proves the server has not ended
    /// it while it waited; otherwise (ended, or never opened) a new connection to the clone.
    static func liveConnection(
      of clone: ClonePool.Clone, on server: PostgresTestServer
    ) async throws -> WatchedConnection {
      if let opened = clone.connection {
        do {
          try await BoundedOperation.run(on: opened.connection) { connection in
            try await connection.query("SELECT 1", logger: .cleanSlate)
          }
          return opened
        } catch {
          await BoundedOperation.close(opened.connection)
        }
      }
      return try await WatchedConnection.open(to: server, database: clone.name)
    }
  }
#endif
