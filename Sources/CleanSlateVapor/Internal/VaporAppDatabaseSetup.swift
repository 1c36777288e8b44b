#if Vapor
  internal import CleanSlate
  internal import CleanSlatePostgres
  internal import Fluent
  internal import FluentPostgresDriver
  internal import FluentSQLiteDriver
  internal import Vapor

  /// Putting a test's own database in place of an app's default one.
  enum VaporAppDatabaseSetup {
    static func provide(
      _ database: VaporAppDatabase, to app: Application, context: FixtureContext,
      templates: PostgresTemplates?, sqliteTemplates: SQLiteTemplates?
    ) async throws {
      switch database.kind {
      case .none:
        return
      case .sqlite:
        guard let sqliteTemplates else { return }
        let id = DefaultDatabase.id(in: app.databases) ?? .sqlite
        let migrations = try await FluentMigrationPlan.migrations(in: app.migrations, for: id)
        let copy = try await sqliteTemplates.copy(for: migrations, id: id, context: context)
        await DefaultDatabase.replace(id, in: app.databases, with: .sqlite(.file(copy.path)))
      case .postgres(let given, _, _):
        guard let templates else { return }
        // The server given, or the one the environment names, or else the zero-config one
        // (which throws, saying how to install PostgreSQL, when it cannot start).
        let server: PostgresTestServer
        if let given { server = given } else { server = try await PostgresTestServer.resolve() }
        let id = DefaultDatabase.id(in: app.databases) ?? .psql
        let migrations = try await FluentMigrationPlan.migrations(in: app.migrations, for: id)
        let plan = await templates.plan(for: migrations)
        let fixture = templates.databaseFixture(for: plan, id: id, on: server)
        let testDatabase = try await context.use(fixture)
        await DefaultDatabase.replace(
          id, in: app.databases,
          with: .postgres(
            configuration: SQLPostgresConfiguration(
              coreConfiguration: testDatabase.configuration)))
      }
    }
  }
#endif
