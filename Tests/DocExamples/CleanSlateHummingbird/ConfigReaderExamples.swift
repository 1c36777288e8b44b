// swift-format-ignore-file
// The example of an app that reads its settings through a ConfigReader, which needs macOS 15 on
// Apple platforms (this package supports macOS 13): compiled on Linux.
#if Hummingbird && Postgres && os(Linux)
  import CleanSlateHummingbird
  import CleanSlatePostgres
  import CleanSlateTesting
  import Configuration
  import Hummingbird
  import HummingbirdTesting
  import PostgresNIO
  import Testing

  extension Fixture where Value == PostgresTestDatabase {
    static let todosDatabase = Fixture.postgresDatabase("todosDatabase")   // no template
  }

  extension Fixture where Value == HummingbirdTestClient {
    static let todoAPI = Fixture.hummingbirdApp("todoAPI") { context in
      let database = try await context.use(.todosDatabase)
      let reader = ConfigReader(providers: [
        database.configProvider(),               // postgres.host, .port, .user, .password, .database
        EnvironmentVariablesProvider(),          // the app's own
      ])
      return try await buildApplication(reader: reader)
    }
  }

  @Suite(
    .cleanSlate,
    .enabled(if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage))
  )
  struct TodoAPITests {
    @Test func listsTodos() async throws {
      let client = try await use(.todoAPI)
      try await client.execute(uri: "/todos", method: .get) { #expect($0.status == .ok) }
    }
  }

  /// The app as the Hummingbird template builds it, from its settings.
  func buildApplication(reader: ConfigReader) async throws -> some ApplicationProtocol {
    let postgres = reader.scoped(to: "postgres")
    let client = PostgresClient(configuration: .init(
      host: postgres.string(forKey: "host", default: "localhost"),
      port: postgres.int(forKey: "port", default: 5432),
      username: postgres.string(forKey: "user", default: "todos"),
      password: postgres.string(forKey: "password", isSecret: true),
      database: postgres.string(forKey: "database", default: "todos"),
      tls: .disable))
    var app = Application(router: Router())
    app.addServices(client)
    return app
  }
#endif
