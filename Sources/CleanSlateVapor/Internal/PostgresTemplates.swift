#if Vapor
  internal import CleanSlate
  internal import CleanSlatePostgres
  internal import FluentKit
  internal import FluentPostgresDriver
  internal import Logging
  internal import NIOPosix
  internal import PostgresNIO

  /// One app fixture's PostgreSQL templates: for each set of migrations its apps have, the
  /// database fixture whose template those migrations built.
  final class PostgresTemplates: Sendable {
    private let name: String
    private let keepingFailed: Bool
    private let templateVersion: String?
    private let location: CodeLocation
    private let fixtures = Locked<[String: Fixture<PostgresTestDatabase>]>([:])
    /// Each list of migration names this fixture's apps had, with its fingerprint: worked out
    /// once per process, not once per test.
    private let fingerprints = Locked<[[String]: String]>([:])

    init(name: String, keepingFailed: Bool, templateVersion: String?, location: CodeLocation) {
      self.name = name
      self.keepingFailed = keepingFailed
      self.templateVersion = templateVersion
      self.location = location
    }

    /// The plan of `migrations`, its fingerprint worked out by the first test whose app had
    /// migrations of these names.
    func plan(for migrations: [any Migration]) async -> FluentMigrationPlan {
      let names = migrations.map(\.name)
      if let known = fingerprints.withLock({ $0[names] }) {
        return FluentMigrationPlan(migrations: migrations, fingerprint: known)
      }
      let fingerprint = await FluentMigrationPlan.fingerprint(of: migrations)
      fingerprints.withLock { $0[names] = fingerprint }
      return FluentMigrationPlan(migrations: migrations, fingerprint: fingerprint)
    }

    /// The fixture that clones a database for one test from the template `plan` builds on
    /// `server`.
    func databaseFixture(
      for plan: FluentMigrationPlan, id: DatabaseID, on server: PostgresTestServer
    ) -> Fixture<PostgresTestDatabase> {
      let version = "\(templateVersion ?? "")\n\(id.string)\n\(plan.fingerprint)"
      return fixtures.withLock { fixtures in
        if let fixture = fixtures[version] { return fixture }
        let template = PostgresTemplate(migrations: [
          PostgresMigration("Fluent migrations", version: version) { connection in
            try await Self.build(plan, id: id, on: server, connection: connection)
          }
        ])
        let fixture = Fixture.postgresDatabase(
          "\(name) database", template: template, server: server, keepingFailed: keepingFailed,
          fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column)
        fixtures[version] = fixture
        return fixture
      }
    }

    /// Runs the plan's migrations through Fluent on the template being built, the database
    /// `connection` is open to.
    private static func build(
      _ plan: FluentMigrationPlan, id: DatabaseID, on server: PostgresTestServer,
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
        try await plan.run(on: fluent)
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
