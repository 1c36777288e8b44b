#if Vapor
  internal import CleanSlate
  internal import CleanSlatePostgres
  internal import FluentKit
  internal import FluentPostgresDriver
  internal import FluentSQLiteDriver

  /// A test's own database, made before its app is configured: what takes the place of the
  /// app's default database.
  struct PreparedDatabase: Sendable {
    /// The shape it was made for.
    let shape: AppDatabaseShape
    /// The configuration that connects to it.
    let configuration: DatabaseConfigurationFactory
    /// What it is, for the logs: the engine and the name.
    let label: String
  }

  /// One app fixture's way to make the databases of its tests: PostgreSQL clones and SQLite
  /// copies of templates its apps' migrations built.
  final class TestDatabases: Sendable {
    private let postgres: PostgresTemplates
    private let sqlite: SQLiteTemplates
    /// The server given, or `nil` for the one the environment names (or else the throwaway one).
    private let server: PostgresTestServer?

    init(
      name: String, options: VaporAppDatabase.PostgresOptions?, location: CodeLocation
    ) {
      postgres = PostgresTemplates(
        name: name, keepingFailed: options?.keepingFailed ?? true,
        templateVersion: options?.templateVersion, location: location)
      sqlite = SQLiteTemplates(name: name, location: location)
      server = options?.server
    }

    /// Makes the test's database for `shape`, or returns `nil` when the app keeps its own.
    func prepare(
      _ shape: AppDatabaseShape, context: FixtureContext
    ) async throws
      -> PreparedDatabase?
    {
      switch shape.kind {
      case .asConfigured:
        return nil
      case .unsupported(let engine):
        throw VaporAppError.unsupportedEngine(engine, id: shape.id)
      case .sqliteCopy(let foreignKeys):
        let copy = try await sqlite.copy(for: shape.migrations, id: shape.id, context: context)
        return PreparedDatabase(
          shape: shape,
          configuration: .sqlite(
            SQLiteConfiguration(storage: .file(path: copy.path), enableForeignKeys: foreignKeys)),
          label: "SQLite \(copy.path), the test's own")
      case .postgresClone:
        let server: PostgresTestServer
        if let given = self.server { server = given } else { server = try await .resolve() }
        let fixture = postgres.databaseFixture(
          for: shape.migrations, id: shape.id, on: server)
        let database = try await context.use(fixture)
        return PreparedDatabase(
          shape: shape,
          configuration: .postgres(
            configuration: SQLPostgresConfiguration(coreConfiguration: database.configuration)),
          label:
            "PostgreSQL \(database.name) on \(server.host):\(server.port), the test's own")
      }
    }
  }
#endif
