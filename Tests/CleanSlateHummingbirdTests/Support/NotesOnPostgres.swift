#if Hummingbird && Postgres
  import Configuration
  import Hummingbird
  import Logging
  import PostgresNIO

  /// A Hummingbird app built as the Hummingbird template builds one: its settings read through a
  /// `ConfigReader`, a `PostgresClient` run as one of its services, its table made before the
  /// server starts.
  @available(macOS 15, iOS 18, tvOS 18, visionOS 2, *)
  func buildNotesApplication(reader: ConfigReader) async throws -> some ApplicationProtocol {
    let logger = {
      var logger = Logger(label: "notes")
      logger.logLevel = reader.string(forKey: "log.level", as: Logger.Level.self, default: .info)
      return logger
    }()
    let postgres = reader.scoped(to: "postgres")
    let client = PostgresClient(
      configuration: .init(
        host: postgres.string(forKey: "host", default: "localhost"),
        port: postgres.int(forKey: "port", default: 5432),
        username: postgres.string(forKey: "user", default: "notes"),
        password: postgres.string(forKey: "password", isSecret: true),
        database: postgres.string(forKey: "database", default: "notes"),
        tls: .disable),
      backgroundLogger: logger)
    let router = Router()
    router.get("/notes") { _, _ -> String in
      let rows = try await client.query("SELECT text FROM notes ORDER BY id", logger: logger)
      var notes: [String] = []
      for try await note in rows.decode(String.self) { notes.append(note) }
      return notes.joined(separator: "\n")
    }
    router.post("/notes") { request, _ -> HTTPResponse.Status in
      let note = String(buffer: try await request.body.collect(upTo: 1024))
      try await client.query("INSERT INTO notes (text) VALUES (\(note))", logger: logger)
      return .created
    }
    router.get("/database") { _, _ -> String in
      let rows = try await client.query("SELECT current_database()", logger: logger)
      for try await name in rows.decode(String.self) { return name }
      return "?"
    }
    var app = Application(
      router: router, configuration: ApplicationConfiguration(reader: reader.scoped(to: "http")),
      logger: logger)
    app.addServices(client)
    app.beforeServerStarts {
      try await client.query(
        "CREATE TABLE IF NOT EXISTS notes (id serial PRIMARY KEY, text text NOT NULL)",
        logger: logger)
    }
    return app
  }

  /// An app that connects to the server its code names (127.0.0.1:1, where nothing listens)
  /// before it starts, whatever its settings say.
  @available(macOS 15, iOS 18, tvOS 18, visionOS 2, *)
  func buildHardCodedApplication(reader: ConfigReader) -> some ApplicationProtocol {
    var app = Application(router: Router())
    app.beforeServerStarts {
      let connection = try await PostgresConnection.connect(
        configuration: .init(
          host: "127.0.0.1", port: 1, username: "notes", password: nil, database: "notes",
          tls: .disable),
        id: 1, logger: Logger(label: "notes"))
      try await connection.close()
    }
    return app
  }
#endif
