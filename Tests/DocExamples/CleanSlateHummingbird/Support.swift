// swift-format-ignore-file
// What the examples use and leave to the reader: the app, built from a PostgreSQL client's
// configuration, and its template.
#if Hummingbird && Postgres
  import CleanSlatePostgres
  import Hummingbird
  import PostgresNIO

  extension PostgresTemplate {
    static let orders = PostgresTemplate(migrations: [
      PostgresMigration("create orders", sql: "CREATE TABLE orders (id serial, item text)")
    ])
  }

  /// An app over a PostgreSQL database: its client runs as one of its services.
  func buildApplication(
    postgres configuration: PostgresClient.Configuration
  ) async throws -> some ApplicationProtocol {
    let client = PostgresClient(configuration: configuration)
    let router = Router()
    router.get("/orders") { _, _ in "" }
    var app = Application(router: router)
    app.addServices(client)
    return app
  }
#endif
