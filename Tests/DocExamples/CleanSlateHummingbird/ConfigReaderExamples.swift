// swift-format-ignore-file
// The example of an app that reads its settings through a ConfigReader, which needs macOS 15 on
// Apple platforms (this package supports macOS 13): compiled on Linux.
#if Hummingbird && Postgres && os(Linux)
  import CleanSlateHummingbird
  import CleanSlatePostgres
  import Configuration
  import Hummingbird
  import PostgresNIO

  extension Fixture where Value == PostgresTestDatabase {
    static let todosDatabase = Fixture.postgresDatabase("todosDatabase")   // no template
  }

  extension Fixture where Value == HummingbirdTestClient {
    static let todoAPI = Fixture.hummingbirdApp("todoAPI") { context in
      let database = try await context.use(.todosDatabase)
      let reader = ConfigReader(providers: [
        InMemoryProvider(values: [
          "postgres.host": ConfigValue(.string(database.server.host), isSecret: false),
          "postgres.port": ConfigValue(.int(database.server.port), isSecret: false),
          "postgres.user": ConfigValue(.string(database.server.username), isSecret: false),
          "postgres.password": ConfigValue(.string(database.server.password ?? ""), isSecret: true),
          "postgres.database": ConfigValue(.string(database.name), isSecret: false),
        ]),
        EnvironmentVariablesProvider(),                                   // the app's own
      ])
      return try await buildApplication(reader: reader)
    }
  }

  /// The app as the Hummingbird template builds it, from its settings.
  func buildApplication(reader: ConfigReader) async throws -> some ApplicationProtocol {
    try await buildApplication(
      postgres: .init(
        host: reader.string(forKey: "postgres.host", default: "localhost"),
        port: reader.int(forKey: "postgres.port", default: 5432),
        username: reader.string(forKey: "postgres.user", default: "todos"),
        password: reader.string(forKey: "postgres.password", isSecret: true),
        database: reader.string(forKey: "postgres.database", default: "todos"), tls: .disable))
  }
#endif
