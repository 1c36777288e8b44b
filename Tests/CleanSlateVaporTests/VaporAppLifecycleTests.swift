#if Vapor
  import CleanSlate
  import CleanSlateTestSupport
  import CleanSlateVapor
  import Fluent
  import FluentPostgresDriver
  import Foundation
  import Testing
  import VaporTesting

  @Suite(postgresTests) struct VaporAppLifecycleTests {
    enum Outcome: String, CaseIterable { case pass, fail, throwError }

    struct BodyThrew: Error {}

    @Test(arguments: Outcome.allCases) func theAppShutsDownAfterEveryOutcome(
      outcome: Outcome
    )
      async throws
    {
      // Given an app whose logs are captured.
      let logs = CapturedLogs()
      let fixture = Fixture.vaporApp("logged", database: .postgres) { app in
        app.logger = logs.logger()
        try await configure(app)
      }
      let released = WeakBox<Application>()
      let shutDown = Box(false)
      let process = makeProcessScope()
      // When a test uses it and passes, fails or throws.
      do {
        _ = try await runTestScope("Vapor/\(outcome)()", in: process, failing: outcome == .fail) {
          let app = try await use(fixture)
          released.value = app
          try await app.testing().test(.GET, "todos") { #expect($0.status == .ok) }
          let didShutdown = shutDown
          app.lifecycle.use(ShutdownProbe(shutDown: didShutdown))
          if outcome == .throwError { throw BodyThrew() }
        }
      } catch is BodyThrew {}
      await process.end()
      // Then the app was shut down, released, and never logged that it was not.
      #expect(shutDown.value)
      #expect(released.value == nil)
      #expect(!logs.all.contains { $0.contains("shutdown() was not called") })
    }

    struct ShutdownProbe: LifecycleHandler {
      let shutDown: Box<Bool>
      func shutdownAsync(_ application: Application) async { shutDown.value = true }
    }

    @Test(arguments: [false, true]) func theDatabaseIsDroppedOrKeptOnFailure(
      failing: Bool
    )
      async throws
    {
      // Given a test that notes its database's name.
      let name = Box("")
      let process = makeProcessScope()
      _ = try await runTestScope("Vapor/db()", in: process, failing: failing) {
        let app = try await use(.todoApp)
        try await app.testing().test(.GET, "database") { name.value = $0.body.string }
      }
      await process.end()
      // Then it is gone; a failed test's is kept, renamed.
      #expect(name.value.hasPrefix("cs_db_"))
      #expect(try await serverDatabases(prefix: name.value).isEmpty)
      let kept = "cs_kept_" + name.value.dropFirst("cs_db_".count)
      #expect(try await serverDatabases(prefix: kept) == (failing ? [kept] : []))
      try await dropDatabase(kept)
    }

    @Test func theProductionDatabaseIsNeverContacted() async throws {
      // Given a configure that names a production database where a listener counts connections.
      let listener = try await CountingListener.start()
      let fixture = Fixture.vaporApp("production", database: .postgres) { app in
        try await configureForProduction(app)
        // The URL is read here, as an app reads its environment.
        app.databases.use(
          try .postgres(url: "postgres://app:secret@127.0.0.1:\(listener.port)/production"),
          as: .psql)
      }
      let process = makeProcessScope()
      // When tests create and read todos.
      for index in 0..<3 {
        let failures = try await runTestScope("Vapor/production\(index)()", in: process) {
          let app = try await use(fixture)
          try await Todo(title: "todo \(index)").save(on: app.db)
          try await app.testing().test(.GET, "todos") { #expect($0.status == .ok) }
        }
        #expect(failures.isEmpty)
      }
      await process.end()
      // Then the production address was never connected to.
      #expect(listener.connections == 0)
      try await listener.stop()
    }

    @Test func migrationsRunOncePerSchemaNotPerTest() async throws {
      // Given a schema no run has built yet (its template's key has a version of its own), with
      // a migration that counts its runs on a real database.
      let runs = Box(0)
      let fixture = Fixture.vaporApp(
        "once", database: .postgres(templateVersion: UUID().uuidString)
      ) { app in
        try await configure(app)
        app.migrations.add(CountingMigration(runs: runs))
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
      // Then the migrations ran once, to build one template.
      #expect(runs.value == 1)
      let template = try await serverDatabases(prefix: templatePrefix(ofClone: database.value))
      #expect(template.count == 1)
      for name in template { try await dropDatabase(name) }
    }

    @Test func twentyFourTestsAtOnceEachSeeOnlyTheirOwnRows() async throws {
      // Given 24 tests that all hold their app at the same time.
      let process = makeProcessScope()
      let allWrote = Rendezvous(parties: 24)
      let seen = try await withThrowingTaskGroup(of: [String].self) { group in
        for index in 0..<24 {
          group.addTask {
            let titles = Box<[String]>([])
            let failures = try await runTestScope("Vapor/parallel\(index)()", in: process) {
              let app = try await use(.todoApp)
              // When each writes its rows, waits for the others to write theirs, then reads.
              try await app.testing().test(
                .POST, "todos",
                beforeRequest: { try $0.content.encode(Todo(title: "from \(index)")) }
              ) { #expect($0.status == .ok) }
              await allWrote.arrive()
              titles.value = try await Todo.query(on: app.db).all().map(\.title)
            }
            #expect(failures.isEmpty)
            return titles.value
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      await process.end()
      // Then each saw its own row and nobody else's.
      #expect(Set(seen) == Set((0..<24).map { ["from \($0)"] }))
    }

    @Test func configuringSeriallyRunsOneConfigureAtATime() async throws {
      // Given an app whose configure notes how many configures run at once.
      let running = Box(0)
      let most = Box(0)
      let fixture = Fixture.vaporApp("serial", database: .none, configuringSerially: true) { _ in
        running.value += 1
        most.value = max(most.value, running.value)
        try await Task.sleep(for: .milliseconds(20))
        running.value -= 1
      }
      let process = makeProcessScope()
      let allConfigured = Rendezvous(parties: 6)
      // When six tests set it up at once, and their bodies wait for each other.
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<6 {
          group.addTask {
            _ = try await runTestScope("Vapor/serial\(index)()", in: process) {
              _ = try await use(fixture)
              await allConfigured.arrive()
            }
          }
        }
        try await group.waitForAll()
      }
      await process.end()
      // Then no two configures overlapped, while every body ran at the same time.
      #expect(most.value == 1)
    }
  }
#endif
