import CleanSlate
import CleanSlateHistory
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// The store of runs driven as a team drives it: `cleanslate` started in the package's own
/// directory, with relative paths and no `--package-path`, on a package in a git repository of
/// its own (`Tests/LedgerFixture`, copied). Each session records its commit and branch, and a
/// commit that breaks a test is named as where it broke; a step that stops after the tests ran,
/// or an explanation whose experiments cannot start, loses nothing of the session.
@Suite(.cleanSlate, .serialized) struct SessionsAsTeamsRunThemTests {
  /// Runs `cleanslate arguments` in `directory`, as a user does from a shell there, with
  /// `environment` added to an environment that names no commit or branch of its own.
  func cleanslate(
    _ arguments: [String], in directory: String, environment: [String: String] = [:]
  ) async throws -> HelperExecutable.Outcome {
    var variables = StartingEnvironment.variables
    for name in [
      "CLEANSLATE_COMMIT", "CLEANSLATE_BRANCH", "GITHUB_HEAD_REF", "GITHUB_REF_NAME",
      "CI_COMMIT_REF_NAME", "BRANCH_NAME", "CLEANSLATE_HISTORY",
    ] {
      variables[name] = nil
    }
    return try await HelperExecutable(named: "cleanslate").run(
      arguments, environment: variables.merging(environment) { $1 }, in: directory)
  }

  /// What `cleanslate flaky --json` says of the store at `store`, read from `directory`.
  func flaky(_ store: String, in directory: String) async throws -> [String: Any] {
    let outcome = try await cleanslate(["flaky", "--history", store, "--json"], in: directory)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
  }

  @Test func fromThePackagesDirectoryEachSessionKeepsItsCommitAndABreakingCommitIsNamed()
    async throws
  {
    // Given the package in a git repository, and a store named by a relative path
    let package = try await LedgerRepository.directory()
    let store = "runs-\(UUID().uuidString.prefix(8)).sqlite"
    defer { try? FileManager.default.removeItem(atPath: "\(package)/\(store)") }

    // When two sessions run from its directory on the first commit, the test passing
    for _ in 0..<2 {
      let run = try await cleanslate(["test", "--skip-build", "--history", store], in: package)
      #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
      #expect(!run.standardError.contains("without its commit"), "\(run.standardError)")
    }
    // And a commit breaks it, and two more sessions run
    try Data("broken\n".utf8).write(to: URL(fileURLWithPath: "\(package)/ledger.txt"))
    let breaking = try await LedgerRepository.commit("Breaks the ledger", in: package)
    for _ in 0..<2 {
      let run = try await cleanslate(["test", "--skip-build", "--history", store], in: package)
      #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    }

    // Then the store kept four sessions on two commits, and names the breaking one
    let report = try await flaky(store, in: package)
    #expect(report["sessions"] as? Int == 4)
    #expect(report["commits"] as? Int == 2)
    let tests = try #require(report["tests"] as? [[String: Any]])
    let ledger = try #require(tests.first { $0["name"] as? String == LedgerRepository.ledgerTest })
    #expect(ledger["health"] as? String == "broken")
    let since = try #require(ledger["brokenSince"] as? [String: Any])
    #expect(since["commit"] as? String == breaking)
    let text = try await cleanslate(["flaky", "--history", store], in: package)
    #expect(
      text.standardOutput.contains(
        "\(LedgerRepository.ledgerTest) — broken since commit \(breaking.prefix(12))"),
      "\(text.standardOutput)")
    try Data("balanced\n".utf8).write(to: URL(fileURLWithPath: "\(package)/ledger.txt"))
    try await LedgerRepository.commit("Balances the ledger again", in: package)
  }

  @Test func aCheckOfNewTestsThatStopsStillLeavesEveryReportAndTheStoreRecord() async throws {
    // Given a store that has seen a session of every test but the jamming one
    let package = try await LedgerRepository.directory()
    let directory = try await use(.temporaryDirectory)
    let store = directory.appendingPathComponent("runs.sqlite").path
    let others = [
      "testBalanceAddsUp", "testOpensAtZero", "testCreditsAdd", "testDebitsSubtract",
      "testTransfersBalance", "testSettlesOnce",
    ]
    let first = try await cleanslate(
      ["test", "--skip-build", "--history", store] + others.flatMap { ["--filter", $0] },
      in: package)
    #expect(first.status == 0, "\(first.standardOutput)\(first.standardError)")

    // When a session runs every test, and the new one makes every later launch fail to start,
    // so that the check of new tests stops
    let junit = directory.appendingPathComponent("junit.xml").path
    let json = directory.appendingPathComponent("summary.json").path
    let run = try await cleanslate(
      ["test", "--skip-build", "--history", store, "--junit", junit, "--summary-json", json],
      in: package, environment: ["LEDGER_FIXTURE_JAM": "1"])

    // Then the run fails, saying the check stopped, and every report and the record are written
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    #expect(
      run.standardOutput.contains("Stopped: the check of new tests: "), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("7 passed, 0 failed, 0 flaky, 0 skipped, 1 step stopped"))
    try expectReports(junit: junit, json: json, step: "the check of new tests", passed: 7)
    let report = try await flaky(store, in: package)
    #expect(report["sessions"] as? Int == 2)
  }

  @Test func anExplanationWhoseExperimentsCannotRunIsKeptUndecidedWithEveryReport() async throws {
    // Given a store, and a session in which the ledger test fails and the jamming test makes
    // every later launch fail to start
    let package = try await LedgerRepository.directory()
    let directory = try await use(.temporaryDirectory)
    let store = directory.appendingPathComponent("runs.sqlite").path
    let junit = directory.appendingPathComponent("junit.xml").path
    let json = directory.appendingPathComponent("summary.json").path

    // When the session explains the failure, so that no experiment can start
    let run = try await cleanslate(
      [
        "test", "--skip-build", "--history", store, "--junit", junit, "--summary-json", json,
        "--explain", "--explain-budget", "10",
      ], in: package, environment: ["LEDGER_FIXTURE_JAM": "1", "LEDGER_FIXTURE_FAIL": "1"])

    // Then the run fails, the explanation says why it is undecided, and every report and the
    // record are written
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    #expect(
      run.standardOutput.contains("An experiment could not run: cannot make the launch's folder "),
      "\(run.standardOutput)")
    #expect(run.standardOutput.contains(": Not a directory."), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("6 passed, 1 failed, 0 flaky, 0 skipped, 1 not explained"))
    try expectReports(junit: junit, json: json, step: nil, passed: 6)
    let report = try await flaky(store, in: package)
    #expect(report["sessions"] as? Int == 1)
    let tests = try #require(report["tests"] as? [[String: Any]])
    let ledger = tests.first { $0["name"] as? String == LedgerRepository.ledgerTest }
    #expect(ledger?["failedSessions"] as? Int == 1, "\(tests)")
  }

  /// Expects the JUnit file and the summary JSON to be written, each with every test that passed
  /// (`passed` of them) and the step that stopped, `step`, when one did.
  func expectReports(junit: String, json: String, step: String?, passed: Int) throws {
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("name=\"testJamsLaterLaunches\""), "\(xml)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        as? [String: Any])
    let tests = try #require(summary["tests"] as? [[String: Any]])
    #expect(tests.count { $0["outcome"] as? String == "passed" } == passed)
    guard let step else {
      #expect(!xml.contains("type=\"stopped\""))
      #expect(summary["stopped"] == nil)
      return
    }
    #expect(xml.contains("<error message=\"\(step): "), "\(xml)")
    #expect(xml.contains("type=\"stopped\"/>"), "\(xml)")
    let stopped = try #require(summary["stopped"] as? [[String: Any]])
    #expect(stopped.map { $0["step"] as? String } == [step])
  }
}

#if Postgres
  import CleanSlateChildProcess
  import CleanSlatePostgres

  /// A PostgreSQL store named by a URL that holds a password: the password is in no output and
  /// nowhere in the store, whether the server answers or not.
  @Suite(
    .cleanSlate,
    .enabled(
      if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage)))
  struct StorePasswordTests {
    static let password = "pw-\(UUID().uuidString.prefix(12))"

    /// `url` with a password: the server's own when it asks for one (the throwaway server's is
    /// drawn at random), else ``password`` (a server that trusts local connections takes it and
    /// asks for none).
    static func withPassword(_ url: String) throws -> (url: String, password: String) {
      var components = try #require(URLComponents(string: url))
      if let own = components.password, own.count >= 8 { return (url, own) }
      components.password = password
      return (try #require(components.string), password)
    }

    @Test func aSessionRecordedWithAPasswordedURLKeepsThePasswordNowhere() async throws {
      // Given a store's URL holding a password, given on the command line
      let database = try await use(.postgresDatabase("passworded", keepingFailed: false))
      let (url, password) = try Self.withPassword(database.server.url(database: database.name))
      let package = try await LedgerRepository.directory()

      // When a session records into it, and its tests are ranked
      let (run, flaky) = try await Self.sessionAndRanking(url, in: package)

      // Then the session was recorded, and neither what was printed nor a dump of the store
      // holds the password
      #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
      #expect(flaky.status == 0, "\(flaky.standardError)")
      Self.expectNowhere(password, in: [run, flaky])
      let dump = try await ChildProcess(
        "pg_dump", ["--data-only", url], environment: StartingEnvironment.variables
      ).run()
      #expect(dump.status == 0, "\(dump.standardError)")
      #expect(dump.standardOutput.contains("testBalanceAddsUp"))
      #expect(dump.standardOutput.contains("--history postgresql://"))
      #expect(!dump.standardOutput.contains(password))
    }

    @Test func aServerThatDoesNotAnswerIsNamedWithoutThePassword() async throws {
      // Given a URL with a password, of a port nothing listens on
      let url = "postgresql://ci:\(Self.password)@127.0.0.1:9/runs"
      let package = try await LedgerRepository.directory()

      // When a session is asked to record into it, and its tests to be ranked
      let (run, flaky) = try await Self.sessionAndRanking(url, in: package)

      // Then each says it could not reach the store, naming it without the password
      #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
      #expect(run.standardError.contains("postgresql://ci:***@127.0.0.1:9/runs"))
      #expect(flaky.standardError.contains("postgresql://ci:***@127.0.0.1:9/runs"))
      Self.expectNowhere(Self.password, in: [run, flaky])
    }

    /// A session of the package at `package` recorded into the store at `url`, then
    /// `cleanslate flaky` on that store: what each printed, and how it ended.
    static func sessionAndRanking(
      _ url: String, in package: String
    ) async throws -> (run: HelperExecutable.Outcome, flaky: HelperExecutable.Outcome) {
      let cleanslate = try HelperExecutable(named: "cleanslate")
      let run = try await cleanslate.run(
        ["test", "--skip-build", "--history", url], environment: StartingEnvironment.variables,
        in: package)
      let flaky = try await cleanslate.run(
        ["flaky", "--history", url], environment: StartingEnvironment.variables, in: package)
      return (run, flaky)
    }

    /// Expects `password` in none of what `outcomes` printed, on either stream.
    static func expectNowhere(_ password: String, in outcomes: [HelperExecutable.Outcome]) {
      for outcome in outcomes {
        #expect(!outcome.standardOutput.contains(password))
        #expect(!outcome.standardError.contains(password))
      }
    }
  }
#endif
