#if Vapor
  import CleanSlate
  import CleanSlateTestSupport
  import CleanSlateVapor
  import Fluent
  import Foundation
  import Logging
  import SQLKit
  import Testing
  import VaporTesting

  /// Templates: built once per schema by the app's own migrations on a real database, their key
  /// worked out once per process, never a second migration in each test.
  @Suite(postgresTests) struct VaporAppTemplateTests {
    @Test func aConfigureThatMigratesItselfPaysForNoMigrationInItsTests() async throws {
      // Given a schema no run has built yet (a version of its own), with a migration that counts
      // its runs, whose configure calls autoMigrate().
      let runs = Box(0)
      let fixture = Fixture.vaporApp(
        "once", database: .postgres(templateVersion: UUID().uuidString)
      ) { app in
        try await configure(app, migrations: [CountingMigration(runs: runs)])
      }
      let database = Box("")
      let process = makeProcessScope()
      // When five tests use it, three of them at once.
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<3 {
          group.addTask {
            _ = try await runTestScope("Vapor/once\(index)()", in: process) {
              _ = try await use(fixture)
            }
          }
        }
        try await group.waitForAll()
      }
      for index in 3..<5 {
        _ = try await runTestScope("Vapor/once\(index)()", in: process) {
          let app = try await use(fixture)
          try await app.testing().test(.GET, "database") { database.value = $0.body.string }
        }
      }
      await process.end()
      // Then the migrations ran once, to build one template, and never in a test.
      #expect(runs.value == 1)
      let template = try await serverDatabases(prefix: templatePrefix(ofClone: database.value))
      #expect(template.count == 1)
      for name in template { try await dropDatabase(name) }
    }

    @Test func testsThatStartTogetherWaitForTheFirstToLearnTheApp() async throws {
      // Given an app whose configure migrates itself, and counts its runs.
      let configures = Box(0)
      let fixture = Fixture.vaporApp(
        "together", database: .postgres(templateVersion: UUID().uuidString)
      ) { app in
        configures.value += 1
        try await configure(app)
      }
      // When 24 tests start at once, in a process that has not seen the app yet.
      let process = makeProcessScope()
      try await withThrowingTaskGroup(of: [CleanSlateError].self) { group in
        for index in 0..<24 {
          group.addTask {
            try await runTestScope("Vapor/together\(index)()", in: process) {
              _ = try await use(fixture)
            }
          }
        }
        for try await failures in group { #expect(failures.isEmpty) }
      }
      await process.end()
      // Then configure ran once more than the tests: the first test's app asked for its
      // database before it was made, and was made again; the others waited and made theirs
      // ahead.
      #expect(configures.value == 25)
    }

    @Test(arguments: ["postgres", "sqlite"])
    func aMigrationThatCastsItsDatabaseToTheDriversTypeWorks(engine: String) async throws {
      let fixture = Fixture.vaporApp(
        "driverSpecific",
        database: engine == "sqlite" ? .sqlite : .postgres(templateVersion: UUID().uuidString)
      ) { app in
        try await configure(app, migrations: [DriverSpecificMigration()])
      }
      let process = makeProcessScope()
      let failures = try await runTestScope("Vapor/cast()", in: process) {
        let app = try await use(fixture)
        let sql = try #require(app.db as? any SQLDatabase)
        try await sql.raw("INSERT INTO labels (name) VALUES ('urgent')").run()
      }
      await process.end()
      #expect(failures.isEmpty)
    }

    @Test func logsNameTheTestsOwnDatabase() async throws {
      // Given an app whose configure registers in-memory SQLite, on PostgreSQL for its tests,
      // its logs captured.
      let logs = CapturedLogs()
      let fixture = Fixture.vaporApp("logged", database: .postgres) { app in
        app.logger = logs.logger()
        try await configure(app)
      }
      let process = makeProcessScope()
      let name = Box("")
      // When a test queries its database.
      let failures = try await runTestScope("Vapor/logs()", in: process) {
        let app = try await use(fixture)
        _ = try await Todo.query(on: app.db).count()
        name.value = try await databaseName(of: app.db)
      }
      await process.end()
      // Then the query's log line says which database ran it, next to the ID the app used.
      #expect(failures.isEmpty)
      let lines = logs.all.filter { $0.contains("database-id=") && $0.contains("todos") }
      #expect(!lines.isEmpty)
      #expect(lines.allSatisfy { $0.contains("database-id=sqlite") })
      #expect(lines.allSatisfy { $0.contains("cleanslate-database=PostgreSQL \(name.value) on ") })
    }
  }
#endif
