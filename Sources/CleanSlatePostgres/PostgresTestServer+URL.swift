#if Postgres
  internal import Foundation

  extension PostgresTestServer {
    /// A connection URL for one of the server's databases, password included:
    /// `postgresql://user:password@host:port/database`, as `psql` and most clients take it.
    ///
    /// ```swift
    /// let server = try await PostgresTestServer.resolve()
    /// print("psql '\(server.url(database: "postgres"))'")
    /// ```
    ///
    /// - Parameter database: The database; by default the maintenance database.
    public func url(database: String? = nil) -> String {
      var components = URLComponents()
      components.scheme = "postgresql"
      components.user = username
      components.password = password
      components.host = host
      components.port = port
      components.path = "/" + (database ?? self.database)
      return components.string
        ?? "postgresql://\(username)@\(host):\(port)/\(database ?? self.database)"
    }
  }
#endif
