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
  }
#endif
