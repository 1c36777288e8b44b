#if Vapor
  internal import CleanSlate
  internal import CleanSlatePostgres
  internal import FluentKit
  internal import FluentPostgresDriver
  internal import Logging
  internal import NIOPosix
  internal import PostgresNIO

  /// One app fixture's PostgreSQL templates: for each list of migrations its apps have, the
  /// database fixture whose template those migrations built.
  ///
  /// A template's key is worked out once per process for each list of migrations: their names,
  /// the database ID, the build of the binary that holds them (``BuildIdentity``) and the
  /// fixture's `templateVersion`; ``PostgresTemplate`` adds the server's version. The migrations
  /// run only on the template being built, a real database.
  final class PostgresTemplates: Sendable {
    private let name: String
    private let keepingFailed: Bool
    private let templateVersion: String?
    private let location: CodeLocation
    private let fixtures = Locked<[Key: Fixture<PostgresTestDatabase>]>([:])

    private struct Key: Hashable {
      let names: [String]
      let id: DatabaseID
      let server: String
    }

    init(name: String, keepingFailed: Bool, templateVersion: String?, location: CodeLocation) {
      self.name = name
      self.keepingFailed = keepingFailed
      self.templateVersion = templateVersion
      self.location = location
    }

    /// The fixture that clones a database for one test from the template `migrations` build on
    /// `server`.
    func databaseFixture(
      for migrations: [any Migration], id: DatabaseID, on server: PostgresTestServer
    ) -> Fixture<PostgresTestDatabase> {
      let key = Key(names: migrations.map(\.name), id: id, server: server.description)
      return fixtures.withLock { fixtures in
        if let fixture = fixtures[key] { return fixture }
        let version =
          (["fluent-template-2", templateVersion ?? "", id.string] + key.names)
          .joined(separator: "\n") + "\n" + BuildIdentity.of(migrations)
        let template = PostgresTemplate(migrations: [
          PostgresMigration("Fluent migrations", version: version) { connection in
            try await Self.build(migrations, id: id, on: server, connection: connection)
          }
        ])
        let fixture = Fixture.postgresDatabase(
          "\(name) database", template: template, server: server, keepingFailed: keepingFailed,
          fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column)
        fixtures[key] = fixture
        return fixture
      }
    }

    /// Runs the migrations through Fluent on the template being built, the database
    /// `connection` is open to.
    private static func build(
      _ migrations: [any Migration], id: DatabaseID, on server: PostgresTestServer,
      connection: PostgresConnection
    ) async throws {
      let quiet = Logger(label: "cleanslate.vapor") { _ in SwiftLogNoOpLogHandler() }
      let rows = try await connection.query("SELECT current_database()", logger: quiet).collect()
      let database = try rows.first?.decode(String.self) ?? server.database
      let databases = Databases(
        threadPool: NIOThreadPool.singleton, on: MultiThreadedEventLoopGroup.singleton)
      databases.use(
        .postgres(
          configuration: SQLPostgresConfiguration(
            coreConfiguration: server.configuration(database: database))),
        as: id)
      do {
        let fluent = databases.database(
          id, logger: quiet, on: MultiThreadedEventLoopGroup.singleton.any())!
        try await FluentMigrations.run(migrations, on: fluent)
      } catch var failure as MigrationFailure {
        await databases.shutdownAsync()
        // The build database is `cs_bld_<key>_<token>`; the template it would become, `cs_tpl_<key>`.
        let parts = database.split(separator: "_")
        if parts.count > 2 { failure.template = "cs_tpl_\(parts[2])" }
        throw failure
      } catch {
        await databases.shutdownAsync()
        throw error
      }
      await databases.shutdownAsync()
    }
  }
#endif
