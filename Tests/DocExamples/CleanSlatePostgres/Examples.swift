// swift-format-ignore-file
// The code examples of CleanSlatePostgres's documentation (its DocC catalog and its symbols'
// comments), compiled: scripts/check-doc-examples.sh checks that each example is here.
#if Postgres
  import CleanSlatePostgres
  import CleanSlateTesting
  import Logging
  import PostgresNIO
  import Testing

  extension PostgresTemplate {
    static let players = PostgresTemplate(
      migrations: [
        PostgresMigration("create players", sql:
          "CREATE TABLE players (id bigint PRIMARY KEY, name text NOT NULL, score int NOT NULL)"),
      ],
      seed: PostgresMigration("seed players", sql:
        "INSERT INTO players SELECT g, 'player ' || g, g % 100 FROM generate_series(1, 10000) g"))
  }

  extension Fixture where Value == PostgresTestConnection {
    static let players = Fixture.postgresTransaction(template: .players)
  }

  @Suite(
    .cleanSlate,
    .enabled(if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage))
  )
  struct ScoreTests {
    @Test func resetsScores() async throws {
      let connection = try await use(.players)
      try await ScoreBoard(connection: connection).resetAll()   // rolled back when the test ends
      #expect(try await connection.query("SELECT 1 FROM players WHERE score > 0").collect().isEmpty)
    }
  }

  extension Fixture where Value == PostgresTestConnection {
    static let playersTransaction = Fixture.postgresTransaction(template: .players)
  }

  @Test func savesScores() async throws {
    let connection = try await use(.playersTransaction)
    try await connection.query("UPDATE players SET score = 0")   // undone at the end
  }

  extension Fixture where Value == PostgresTestDatabase {
    static let playersDatabase = Fixture.postgresDatabase(template: .players)
  }

  @Test func ranksPlayers() async throws {
    let database = try await use(.playersDatabase)
    let service = RankingService(configuration: database.configuration)
    #expect(try await service.top(3).count == 3)
  }

  extension Fixture where Value == PostgresTestDatabase {
    static let todosDatabase = Fixture.postgresDatabase("todosDatabase", template: .empty)
  }

  let migrations: [PostgresMigration] = [
    PostgresMigration("create players", sql:
      "CREATE TABLE players (id bigserial PRIMARY KEY, name text NOT NULL, score int NOT NULL)"),
    PostgresMigration("index scores", sql: "CREATE INDEX players_score ON players (score)"),
  ]

  let appSchema = PostgresTemplate(
    migrations: [
      PostgresMigration("create players", sql:
        "CREATE TABLE players (id bigint PRIMARY KEY, name text NOT NULL, score int NOT NULL)"),
    ],
    seed: PostgresMigration("seed players", sql:
      "INSERT INTO players SELECT g, 'player ' || g, g % 100 FROM generate_series(1, 10000) g"))

  func savepoints() async throws {
    let connection = try await use(.playersTransaction)
    try await connection.withTransaction { connection in       // SAVEPOINT … RELEASE
      try await connection.query("INSERT INTO players VALUES (1, 'Ada', 10)")
    }
  }

  func databaseMode(logger: Logger) async throws {
    let database = try await use(.playersDatabase)
    try await database.connection.query("INSERT INTO players VALUES (1, 'Ada', 10)", logger: logger)
    let client = PostgresClient(configuration: database.clientConfiguration)  // or the app's own
    _ = client
  }

  func clientConfiguration() async throws {
    let database = try await use(.playersDatabase)
    let client = PostgresClient(configuration: database.clientConfiguration)
    _ = client
  }

  func serverOfYourOwn() async throws {
    let server = try await PostgresTestServer.resolve()
    let client = PostgresClient(configuration: .init(
      host: server.host, port: server.port, username: server.username,
      password: server.password, database: server.database, tls: .disable))
    _ = client
  }

  func zeroConfigServer() async throws {
    let server = try await PostgresTestServer.resolve()
    let configuration = server.configuration(database: "postgres")
    _ = configuration
  }

  func serverURL() async throws {
    let server = try await PostgresTestServer.resolve()
    print("psql '\(server.url(database: "postgres"))'")
  }
#endif
