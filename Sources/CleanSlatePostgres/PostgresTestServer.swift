#if Postgres
  internal import Foundation
  public import PostgresNIO

  /// The PostgreSQL server the tests use: the one the environment names, or else a throwaway
  /// server that CleanSlate starts itself.
  ///
  /// With no server named, CleanSlate starts one from the PostgreSQL programs it finds, shared by
  /// every test process of the run, and stops it once they are done (see
  /// <doc:ZeroConfigPostgres>). To use a server of your own, set `CLEANSLATE_POSTGRES_URL`
  /// (`postgres://user:password@host:port/database`), or the standard `PGHOST`, `PGPORT`,
  /// `PGUSER`, `PGPASSWORD` and `PGDATABASE` variables. The database named there is the
  /// maintenance database: CleanSlate connects to it to create, clone and drop the databases of
  /// the tests, and never writes to it otherwise.
  public struct PostgresTestServer: Sendable, CustomStringConvertible {
    /// The host name or address.
    public var host: String
    /// The TCP port.
    public var port: Int
    /// The user name.
    public var username: String
    /// The password, if the server asks for one; never printed.
    public var password: String?
    /// The maintenance database.
    public var database: String

    /// Creates a server description.
    public init(
      host: String = "127.0.0.1",
      port: Int = 5432,
      username: String = "postgres",
      password: String? = nil,
      database: String = "postgres"
    ) {
      self.host = host
      self.port = port
      self.username = username
      self.password = password
      self.database = database
    }

    /// The server the environment names, or `nil` when it names none.
    public static var fromEnvironment: PostgresTestServer? {
      from(environment: ProcessInfo.processInfo.environment)
    }

    /// Reads `CLEANSLATE_POSTGRES_URL`, or else the `PG*` variables; `nil` when neither
    /// `CLEANSLATE_POSTGRES_URL` nor `PGHOST` is set.
    package static func from(environment: [String: String]) -> PostgresTestServer? {
      if let url = environment["CLEANSLATE_POSTGRES_URL"], !url.isEmpty {
        return PostgresTestServer(url: url)
      }
      guard let host = environment["PGHOST"], !host.isEmpty else { return nil }
      let user = environment["PGUSER"] ?? "postgres"
      return PostgresTestServer(
        host: host,
        port: environment["PGPORT"].flatMap(Int.init) ?? 5432,
        username: user,
        password: environment["PGPASSWORD"],
        database: environment["PGDATABASE"] ?? user)
    }

    /// Parses `postgres://user:password@host:port/database` (or `postgresql://`); `nil` if it is
    /// not such a URL.
    public init?(url: String) {
      guard let components = URLComponents(string: url),
        ["postgres", "postgresql"].contains(components.scheme ?? ""),
        let host = components.host, !host.isEmpty
      else { return nil }
      let path = components.path.drop { $0 == "/" }
      self.init(
        host: host,
        port: components.port ?? 5432,
        username: components.user ?? "postgres",
        password: components.password,
        database: path.isEmpty ? "postgres" : String(path))
    }

    /// Returns the server the tests use: the one the environment names, or else the throwaway
    /// server, which this call starts, or joins if another test process started it.
    ///
    /// The PostgreSQL fixtures call it when they are given no server; call it for a server of
    /// your own making (a connection pool, say):
    ///
    /// ```swift
    /// let server = try await PostgresTestServer.resolve()
    /// let client = PostgresClient(configuration: .init(
    ///   host: server.host, port: server.port, username: server.username,
    ///   password: server.password, database: server.database, tls: .disable))
    /// ```
    ///
    /// - Throws: ``PostgresFixtureError`` when no server is named and none can be started (no
    ///   PostgreSQL programs, or `CLEANSLATE_POSTGRES=off`), or the start failed.
    public static func resolve() async throws -> PostgresTestServer {
      try await resolve(environment: ProcessInfo.processInfo.environment)
    }

    /// The server `environment` names, or else the throwaway server it configures.
    package static func resolve(environment: [String: String]) async throws -> PostgresTestServer {
      if let server = from(environment: environment) { return server }
      let availability = ThrowawayServer.availability(environment: environment)
      guard case .available(let configuration) = availability else {
        throw PostgresFixtureError(skipMessage(for: availability))
      }
      return try await ThrowawayServer.leasedServer(configuration)
    }

    /// Whether the PostgreSQL tests should run: a server is configured, or CleanSlate can start
    /// one, or the run is on CI (`CI=true`), where a missing server must fail the tests rather
    /// than skip them.
    ///
    /// ```swift
    /// @Suite(
    ///   .cleanSlate,
    ///   .enabled(if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage))
    /// )
    /// ```
    public static var shouldRunTests: Bool {
      shouldRunTests(environment: ProcessInfo.processInfo.environment)
    }

    /// Whether the PostgreSQL tests should run in `environment`.
    package static func shouldRunTests(environment: [String: String]) -> Bool {
      if from(environment: environment) != nil || environment["CI"] == "true" { return true }
      if case .available = ThrowawayServer.availability(environment: environment) { return true }
      return false
    }

    /// Why the PostgreSQL tests were skipped, and how to run them.
    public static var skipMessage: String {
      skipMessage(environment: ProcessInfo.processInfo.environment)
    }

    /// Why the PostgreSQL tests are skipped in `environment`.
    package static func skipMessage(environment: [String: String]) -> String {
      skipMessage(for: ThrowawayServer.availability(environment: environment))
    }

    static func skipMessage(for availability: ThrowawayServer.Availability) -> String {
      switch availability {
      case .off:
        "No PostgreSQL server is configured, and zero-config PostgreSQL is off (CLEANSLATE_POSTGRES=off): set CLEANSLATE_POSTGRES_URL (or PGHOST) to a server, or unset CLEANSLATE_POSTGRES to let CleanSlate start one."
      case .noBinaries, .available:
        "No PostgreSQL server is configured, and no PostgreSQL programs were found to start one: install PostgreSQL (`apt-get install postgresql`, or `brew install postgresql@17`) and CleanSlate starts a throwaway server itself, or set CLEANSLATE_POSTGRES_URL (or PGHOST) to a server of your own."
      }
    }

    /// The server as `user@host:port/database`, without the password.
    public var description: String { "\(username)@\(host):\(port)/\(database)" }

    /// The connection configuration for one of the server's databases.
    public func configuration(database: String? = nil) -> PostgresConnection.Configuration {
      var configuration = PostgresConnection.Configuration(
        host: host, port: port, username: username, password: password,
        database: database ?? self.database, tls: .disable)
      configuration.options.connectTimeout = .seconds(5)
      return configuration
    }
  }
#endif
