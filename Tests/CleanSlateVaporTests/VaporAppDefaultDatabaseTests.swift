#if Vapor
  import CleanSlate
  import CleanSlateTestSupport
  import CleanSlateTesting
  import CleanSlateVapor
  import Fluent
  import FluentSQLiteDriver
  import Foundation
  import Testing
  import VaporTesting

  /// Runs one test that uses `fixture` in a process scope of its own and returns the name of the
  /// database its app used (see `databaseName(of:)`), after checking it passed.
  func databaseUsed(by fixture: Fixture<Application>) async throws -> String {
    let process = makeProcessScope()
    let name = Box("")
    let failures = try await runTestScope("Vapor/database()", in: process) {
      let app = try await use(fixture)
      try await Todo(title: "mine").save(on: app.db)
      #expect(try await Todo.query(on: app.db).count() == 1)
      name.value = try await databaseName(of: app.db)
    }
    await process.end()
    #expect(failures.isEmpty)
    return name.value
  }

  /// The default option keeps the engine the app's configure chose and makes the database the
  /// test's own; `.postgres`, `.sqlite` and `.none` override it.
  @Suite struct VaporAppDefaultDatabaseTests {
    @Test func inMemorySQLiteThatConfigureMigratesBecomesACopyOfOneMigratedOnce() async throws {
      // Given an app whose configure picks in-memory SQLite and migrates it, with a migration
      // that counts its runs, default options.
      let runs = Box(0)
      let fixture = Fixture.vaporApp("migratesInMemory") { app in
        try await configure(app, migrations: [CountingMigration(runs: runs)])
      }
      // When three tests use it, one after another.
      var used: [String] = []
      let process = makeProcessScope()
      for index in 0..<3 {
        let name = Box("")
        let failures = try await runTestScope("Vapor/inMemory\(index)()", in: process) {
          let app = try await use(fixture)
          #expect(try await Todo.query(on: app.db).count() == 0)
          try await Todo(title: "mine").save(on: app.db)
          name.value = try await databaseName(of: app.db)
        }
        #expect(failures.isEmpty)
        used.append(name.value)
      }
      await process.end()
      // Then each ran on a SQLite copy of its own of a database the migrations built once for
      // all three: configure's own migration found nothing to do.
      #expect(Set(used).count == 3)
      #expect(used.allSatisfy { $0.isSQLiteCopy })
      #expect(runs.value == 1)
    }

    @Test func inMemorySQLiteThatConfigureLeavesAloneStaysAsConfigureMadeIt() async throws {
      // Given an app whose configure picks in-memory SQLite and leaves it alone (its tests
      // migrate it), default options.
      let fixture = Fixture.vaporApp("leavesInMemoryAlone") { app in
        app.databases.use(.sqlite(.memory), as: .sqlite)
        app.migrations.add(CreatePriority(), CreateTodo(), IndexTodoTitles())
      }
      // When a test uses it and migrates it.
      let process = makeProcessScope()
      let name = Box("")
      let failures = try await runTestScope("Vapor/leftAlone()", in: process) {
        let app = try await use(fixture)
        try await app.autoMigrate()
        try await Todo(title: "mine").save(on: app.db)
        name.value = try await databaseName(of: app.db)
      }
      await process.end()
      // Then its app ran on its own in-memory SQLite database, whose file (SQLiteKit keeps one
      // in the temporary directory, and never removes it) is gone once the test has ended.
      #expect(failures.isEmpty)
      #expect(name.value.isInMemorySQLite)
      #expect(
        !FileManager.default.fileExists(atPath: String(name.value.dropFirst("sqlite:".count))))
    }

    @Test func aSQLiteFileBecomesACopyOfAMigratedTemplate() async throws {
      // Given a configure that keeps its database in a file, and migrates it itself.
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "cleanslate-vapor-\(UUID().uuidString)")
      let path = directory.appendingPathComponent("app.sqlite").path
      let runs = Box(0)
      let fixture = Fixture.vaporApp("onFile") { app in
        try await configureOnFile(app, path: path, migrations: [CountingMigration(runs: runs)])
      }
      // When three tests use it, one after another.
      var used: [String] = []
      let process = makeProcessScope()
      for index in 0..<3 {
        let name = Box("")
        let failures = try await runTestScope("Vapor/file\(index)()", in: process) {
          let app = try await use(fixture)
          #expect(try await Todo.query(on: app.db).count() == 0)
          try await Todo(title: "mine").save(on: app.db)
          name.value = try await databaseName(of: app.db)
        }
        #expect(failures.isEmpty)
        used.append(name.value)
      }
      await process.end()
      // Then each had a copy of its own, migrated once for all three, and the file configure
      // names was never made.
      #expect(Set(used).count == 3)
      #expect(used.allSatisfy { $0.isSQLiteCopy })
      #expect(runs.value == 1)
      #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(postgresTests)
    func postgreSQLBecomesACloneOnTheTestServerNeverTheServerConfigureNames() async throws {
      // Given a configure that names a PostgreSQL server (where a listener counts connections)
      // and migrates it itself, with a migration that counts its runs, of a schema no run has
      // built yet (a template version of its own).
      let listener = try await CountingListener.start()
      let runs = Box(0)
      let fixture = Fixture.vaporApp(
        "production", database: .sameEngine(templateVersion: UUID().uuidString)
      ) { app in
        try await configureForProduction(
          app, url: "postgres://app:secret@127.0.0.1:\(listener.port)/production",
          migrating: true, migrations: [CountingMigration(runs: runs)])
      }
      // When three tests use it.
      var used: [String] = []
      for _ in 0..<3 { used.append(try await databaseUsed(by: fixture)) }
      // Then each ran on a clone of its own on the test server, the migrations ran once, and
      // the server configure names was never contacted.
      #expect(used.allSatisfy { $0.hasPrefix("cs_db_") })
      #expect(Set(used).count == 3)
      #expect(runs.value == 1)
      #expect(listener.connections == 0)
      try await listener.stop()
      for name in try await serverDatabases(prefix: templatePrefix(ofClone: used[0])) {
        try await dropDatabase(name)
      }
    }

    @Test(postgresTests) func postgresOverridesInMemorySQLite() async throws {
      #expect(try await databaseUsed(by: .todoApp).hasPrefix("cs_db_"))
    }

    @Test func sqliteOverridesInMemorySQLiteWithACopy() async throws {
      #expect(try await databaseUsed(by: .todoAppOnSQLite).isSQLiteCopy)
    }

    @Test func noneKeepsWhatConfigureChose() async throws {
      #expect(try await databaseUsed(by: .todoAppAsConfigured).isInMemorySQLite)
    }

    @Test func anEngineCleanSlateCannotCopyIsASetupFailureThatSaysWhatToDo() async throws {
      // Given a configure whose default database is of an engine of its own.
      let fixture = Fixture.vaporApp("otherEngine") { app in
        app.databases.use(OtherEngineConfiguration(), as: DatabaseID(string: "mysql"))
        try await app.autoMigrate()
      }
      // When a test uses it, then setup fails, saying what to choose instead.
      let failure = try await setupFailure(of: fixture)
      #expect(failure.fixture == "otherEngine")
      #expect(failure.summary.contains("OtherEngineConfiguration"))
      #expect(failure.summary.contains("database: .postgres or .sqlite"))
    }
  }

  extension String {
    /// Whether this database name is SQLiteKit's in-memory database (a temporary file).
    var isInMemorySQLite: Bool { hasPrefix("sqlite:") && contains("sqlite-kit_memorydb") }

    /// Whether this database name is a copy of a template CleanSlate made for a test.
    var isSQLiteCopy: Bool { hasPrefix("sqlite:") && contains("/test-") && hasSuffix(".sqlite") }
  }

  /// A database configuration of an engine CleanSlate does not know; its driver is never made.
  struct OtherEngineConfiguration: DatabaseConfiguration {
    var middleware: [any AnyModelMiddleware] = []

    func makeDriver(for databases: Databases) -> any DatabaseDriver {
      preconditionFailure("CleanSlate made the driver of a database it cannot copy.")
    }
  }
#endif
