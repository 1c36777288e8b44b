#if Vapor
  import CleanSlate
  import CleanSlateTestSupport
  import CleanSlateVapor
  import Fluent
  import Foundation
  import Testing
  import Vapor
  import VaporTesting

  @Suite(postgresTests) struct VaporAppFailureTests {
    struct NoSecret: Error {}

    @Test func aConfigureThatThrowsIsOneSetupFailureAtTheFixture() async throws {
      // Given an app whose configure throws.
      let line = #line + 1
      let fixture = Fixture.vaporApp("throwing", database: .postgres) { _ in throw NoSecret() }
      // When a test uses it, then setup fails naming the fixture's declaration, saying why.
      let failure = try await setupFailure(of: fixture)
      #expect(failure.code == .setupFailed)
      #expect(failure.fixture == "throwing")
      #expect(failure.declaration?.line == line)
      #expect(failure.summary.contains("configure threw"))
      #expect(failure.summary.contains("NoSecret"))
    }

    @Test func aFailingMigrationNamesItAndLeavesNoTemplate() async throws {
      // Given an app whose last migration fails on a real database.
      let version = UUID().uuidString
      let fixture = Fixture.vaporApp(
        "brokenMigration", database: .postgres(templateVersion: version)
      ) { app in
        try await configure(app, migrations: [BrokenMigration()])
      }
      // When a test uses it.
      let failure = try await setupFailure(of: fixture)
      // Then setup fails naming the migration and the server's reason, and neither a template
      // nor a half-built one is left.
      #expect(failure.code == .setupFailed)
      #expect(failure.summary.contains("BrokenMigration"))
      #expect(failure.summary.contains("no_such_table"))
      #expect(failure.declaration?.fileID == #fileID)
      let template = try #require(
        failure.summary.firstMatch(of: /template '(cs_tpl_[0-9a-f]+)'/)?.1)
      #expect(try await serverDatabases(prefix: String(template)).isEmpty)
      let build = "cs_bld_" + template.dropFirst("cs_tpl_".count)
      #expect(try await serverDatabases(prefix: build).isEmpty)
    }

    @Test func aFailingMigrationOnSQLiteNamesIt() async throws {
      let fixture = Fixture.vaporApp("brokenOnSQLite", database: .sqlite) { app in
        try await configure(app, migrations: [BrokenMigration()])
      }
      let failure = try await setupFailure(of: fixture)
      #expect(failure.summary.contains("BrokenMigration"))
    }

    @Test func theNextRunAfterAFailedBuildBuildsTheTemplate() async throws {
      // Given a schema whose build failed once (a migration that fails the first time only).
      let version = UUID().uuidString
      let failOnce = Box(true)
      let fixture = Fixture.vaporApp("flaky", database: .postgres(templateVersion: version)) {
        app in
        try await configure(app, migrations: [FailsWhile(failing: failOnce)])
      }
      _ = try await setupFailure(of: fixture)
      // When the next process uses the same schema.
      failOnce.value = false
      let process = makeProcessScope()
      let database = Box("")
      let failures = try await runTestScope("Vapor/next()", in: process) {
        let app = try await use(fixture)
        try await Todo(title: "works").save(on: app.db)
        try await app.testing().test(.GET, "database") { database.value = $0.body.string }
      }
      await process.end()
      // Then it builds the template and the test passes.
      #expect(failures.isEmpty)
      let built = try await serverDatabases(prefix: templatePrefix(ofClone: database.value))
      #expect(built.count == 1)
      for name in built { try await dropDatabase(name) }
    }

    /// A migration that throws while `failing` is set.
    struct FailsWhile: AsyncMigration {
      let failing: Box<Bool>
      var name: String { "FailsWhile" }

      func prepare(on database: any Database) async throws {
        if failing.value { throw NoSecret() }
      }

      func revert(on database: any Database) async throws {}
    }
  }
#endif
