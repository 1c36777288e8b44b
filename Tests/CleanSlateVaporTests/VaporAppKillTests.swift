#if Vapor
  import CleanSlate
  import CleanSlateChildProcess
  import CleanSlateTestSupport
  import CleanSlateVapor
  import Fluent
  import Foundation
  import Testing
  import VaporTesting

  /// What the killed test process and the next one share: the schema (one template key) and
  /// where the killed one stops.
  enum KilledBuild {
    static let probe = ProcessInfo.processInfo.environment["CLEANSLATE_VAPOR_KILL_PROBE"]

    static func app(version: String) -> Fixture<Application> {
      Fixture.vaporApp("killable", database: .postgres(templateVersion: version)) { app in
        try await configure(app, migrations: [HangsInProbe()])
      }
    }

    /// A migration that, in the probe process, says so and then hangs: the process is killed
    /// in the middle of building the template.
    struct HangsInProbe: AsyncMigration {
      var name: String { "HangsInProbe" }

      func prepare(on database: any Database) async throws {
        guard KilledBuild.probe != nil else { return }
        FileHandle.standardOutput.write(Data("building the template\n".utf8))
        try await Task.sleep(for: .seconds(600))
      }

      func revert(on database: any Database) async throws {}
    }
  }

  /// Run only as the child of the test below: it uses the app and is killed while the template
  /// is being built.
  @Suite(.enabled(if: KilledBuild.probe != nil)) struct VaporKillProbe {
    @Test func buildsAndIsKilled() async throws {
      let process = makeProcessScope()
      _ = try await runTestScope("Probe/killed()", in: process) {
        _ = try await use(KilledBuild.app(version: KilledBuild.probe ?? ""))
      }
    }
  }

  @Suite(postgresTests) struct VaporAppKillTests {
    @Test func aRunKilledWhileBuildingTheTemplateLeavesNothingThatBreaksTheNext() async throws {
      // Given a test process killed (SIGKILL) in the middle of building a template.
      let version = UUID().uuidString
      let child = try await ChildProcess(
        ProcessInfo.processInfo.arguments[0],
        ["--testing-library", "swift-testing", "--filter", "VaporKillProbe"],
        environment: StartingEnvironment.variables.merging([
          "CLEANSLATE_VAPOR_KILL_PROBE": version
        ]) { $1 }
      ).start()
      let printed = await child.lines(untilOne: { $0.contains("building the template") })
      try await child.kill()
      #expect(printed.contains { $0.contains("building the template") })
      // When the next run uses the same schema.
      let database = Box("")
      let process = makeProcessScope()
      let failures = try await runTestScope("Vapor/next()", in: process) {
        let app = try await use(KilledBuild.app(version: version))
        try await Todo(title: "works").save(on: app.db)
        try await app.testing().test(.GET, "database") { database.value = $0.body.string }
      }
      await process.end()
      // Then it builds the template and its test passes; the half-built one is swept by the next
      // session (the killed process's backends may outlive the first one's sweep by a moment).
      #expect(failures.isEmpty)
      let later = makeProcessScope()
      _ = try await runTestScope("Vapor/later()", in: later) {
        _ = try await use(KilledBuild.app(version: version))
      }
      await later.end()
      let template = templatePrefix(ofClone: database.value)
      let key = template.dropFirst("cs_tpl_".count)
      #expect(try await serverDatabases(prefix: "cs_bld_\(key)").isEmpty)
      let built = try await serverDatabases(prefix: template)
      #expect(built.count == 1)
      for name in built { try await dropDatabase(name) }
    }
  }
#endif
