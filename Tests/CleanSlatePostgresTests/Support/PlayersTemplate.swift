#if Postgres
  import CleanSlate
  import CleanSlatePostgres
  import PostgresNIO
  import Testing

  extension PostgresTemplate {
    /// Players with a unique name, 100 of them seeded.
    static let players = PostgresTemplate(
      migrations: [
        PostgresMigration(
          "create players",
          sql:
            "CREATE TABLE players (id bigint PRIMARY KEY, name text NOT NULL UNIQUE, score int NOT NULL)"
        ),
        PostgresMigration("index scores", sql: "CREATE INDEX players_score ON players (score)"),
      ],
      seed: PostgresMigration(
        "seed players",
        sql: "INSERT INTO players SELECT g, 'player ' || g, g % 100 FROM generate_series(1, 100) g")
    )
  }

  extension Fixture where Value == PostgresTestConnection {
    static let playersTransaction = Fixture.postgresTransaction(template: .players)
  }

  extension Fixture where Value == PostgresTestDatabase {
    static let playersDatabase = Fixture.postgresDatabase(template: .players)
  }

  /// Whether these tests run: a server is configured, or CleanSlate can start one, or CI
  /// requires one.
  let postgresTests = ConditionTrait.enabled(
    if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage))

  /// The server the fixtures use: the configured one, or else the throwaway one (on CI without
  /// either, the tests fail here).
  func configuredServer() async throws -> PostgresTestServer {
    try await PostgresTestServer.resolve()
  }

  /// Runs `body` on a fresh connection to the maintenance database of `server` (by default,
  /// the one the fixtures use).
  @discardableResult
  func withAdminConnection<R: Sendable>(
    on server: PostgresTestServer? = nil, _ body: (PostgresConnection) async throws -> R
  ) async throws -> R {
    let resolved: PostgresTestServer
    if let server { resolved = server } else { resolved = try await configuredServer() }
    let connection = try await PostgresConnection.connect(
      configuration: resolved.configuration(), id: 1, logger: Logger(label: "tests"))
    do {
      let result = try await body(connection)
      try await connection.close()
      return result
    } catch {
      try? await connection.close()
      throw AdminQueryFailed(detail: String(reflecting: error))
    }
  }

  /// A query the test made itself failed; `detail` has the server's message (PSQLError's own
  /// description hides it).
  struct AdminQueryFailed: Error, CustomStringConvertible {
    let detail: String
    var description: String { detail }
  }

  extension PostgresConnection {
    /// The single integer the query returns.
    func integer(_ query: PostgresQuery) async throws -> Int {
      try await self.query(query, logger: Logger(label: "tests")).collect().first?.decode(Int.self)
        ?? -1
    }

    /// The first column of every row the query returns, as strings.
    func strings(_ query: PostgresQuery) async throws -> [String] {
      try await self.query(query, logger: Logger(label: "tests")).collect().map {
        try $0.decode(String.self)
      }
    }
  }

  extension PostgresTestConnection {
    func integer(_ query: PostgresQuery) async throws -> Int {
      try await self.query(query).collect().first?.decode(Int.self) ?? -1
    }
  }

  /// The CleanSlate databases on the server with a given kind prefix, as `cs_db_`.
  func serverDatabases(prefix: String) async throws -> [String] {
    try await withAdminConnection { admin in
      try await admin.strings(
        "SELECT datname FROM pg_database WHERE starts_with(datname, \(prefix))")
    }
  }
#endif
