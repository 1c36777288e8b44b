import Configuration
import Hummingbird
import Logging
import PostgresNIO

/// The providers the app reads its settings from, in order: its environment
/// (`POSTGRES_HOST`, `HTTP_PORT`, …), then its defaults.
public func configProviders() -> [any ConfigProvider] {
  [
    EnvironmentVariablesProvider(),
    InMemoryProvider(values: [
      "postgres.host": "localhost",
      "postgres.user": "todos",
      "postgres.database": "todos",
      "http.host": "127.0.0.1",
      "http.port": 8080,
    ]),
  ]
}

/// Builds the app from its settings, as the Hummingbird template does: `postgres.*` name its
/// database, `http.*` where it listens, `log.level` how much it logs. Its PostgreSQL client runs
/// as one of its services; its table is made before the server starts.
public func buildApplication(reader: ConfigReader) async throws -> some ApplicationProtocol {
  var logger = Logger(label: "TodoAPI")
  logger.logLevel = reader.string(forKey: "log.level", as: Logger.Level.self, default: .info)
  let postgres = reader.scoped(to: "postgres")
  let client = PostgresClient(
    configuration: .init(
      host: postgres.string(forKey: "host", default: "localhost"),
      port: postgres.int(forKey: "port", default: 5432),
      username: postgres.string(forKey: "user", default: "todos"),
      password: postgres.string(forKey: "password", isSecret: true),
      database: postgres.string(forKey: "database", default: "todos"),
      tls: .disable),
    backgroundLogger: logger)
  let repository = TodoRepository(client: client, logger: logger)
  let router = Router()
  router.get("/todos") { _, _ in try await repository.all() }
  router.post("/todos") { request, context -> EditedResponse<Todo> in
    let todo = try await request.decode(as: Todo.self, context: context)
    try await repository.add(todo)
    return EditedResponse(status: .created, response: todo)
  }
  router.delete("/todos") { _, _ -> HTTPResponse.Status in
    try await repository.deleteAll()
    return .ok
  }
  var app = Application(
    router: router, configuration: ApplicationConfiguration(reader: reader.scoped(to: "http")),
    logger: logger)
  app.addServices(client)
  app.beforeServerStarts { try await repository.createTable() }
  return app
}
