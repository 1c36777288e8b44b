internal import Foundation
public import PostgresNIO

/// The PostgreSQL server the tests use, read from the environment.
///
/// Set `CLEANSLATE_POSTGRES_URL` (`postgres://user:password@host:port/database`), or the
/// standard `PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD` and `PGDATABASE` variables. The database
/// named there is the maintenance database: CleanSlate connects to it to create, clone and drop
/// the databases of the tests, and never writes to it otherwise.
///
/// `scripts/start-test-postgres.sh` starts a throwaway server tuned for tests and prints the
/// line to export.
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

  /// Whether the PostgreSQL tests should run: a server is configured, or the run is on CI
  /// (`CI=true`), where a missing server must fail the tests rather than skip them.
  ///
  /// ```swift
  /// @Suite(
  ///   .cleanSlate,
  ///   .enabled(if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage))
  /// )
  /// ```
  public static var shouldRunTests: Bool {
    fromEnvironment != nil || ProcessInfo.processInfo.environment["CI"] == "true"
  }

  /// Why the PostgreSQL tests were skipped, and how to run them.
  public static let skipMessage =
    "No PostgreSQL server configured: run `eval \"$(scripts/start-test-postgres.sh)\"` (or set CLEANSLATE_POSTGRES_URL or PGHOST) to run these tests."

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
