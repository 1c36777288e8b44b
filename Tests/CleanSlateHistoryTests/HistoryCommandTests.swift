import CleanSlate
import CleanSlateHistory
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// `cleanslate test --history` and `--quarantine`, run as a user would on a tiny package
/// (`Tests/RunnerFixture`): sessions recorded and ranked by `cleanslate flaky`; a quarantined
/// flaky test that does not fail the run, one failing every attempt and an expired entry that
/// do; new tests run again before they merge; and a store that cannot be used costing nothing —
/// the same results, reports and exit status as without it.
@Suite(.cleanSlate, .serialized) struct HistoryCommandTests {
  /// What a run of `cleanslate` printed, and its summary JSON.
  struct Run {
    var outcome: HelperExecutable.Outcome
    var json: String

    /// Each test's outcome, runs and failures in the summary JSON, durations left out.
    var results: [String] {
      json.split(separator: "\n").filter { $0.hasPrefix("{\"name\"") }.map { line in
        String(line).replacing(/"duration":[0-9.e-]+,?/, with: "")
      }
    }
  }

  /// Runs `cleanslate test --skip-build` on the fixture with `arguments`, the fixture's behaviour
  /// asked for in `asks`, its state in a fresh directory, and `environment` added.
  func cleanslateTest(
    _ arguments: [String], asks: String = "", environment: [String: String] = [:]
  ) async throws -> Run {
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    let directory = try await use(.temporaryDirectory)
    let state = directory.appendingPathComponent("state-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    let json = directory.appendingPathComponent("summary-\(UUID().uuidString.prefix(8)).json")
    var variables = StartingEnvironment.variables.merging(environment) { $1 }
    variables["RUNNER_FIXTURE"] = asks
    variables["RUNNER_FIXTURE_STATE"] = state.path
    let outcome = try await HelperExecutable(named: "cleanslate").run(
      ["test", "--package-path", fixture, "--skip-build", "--summary-json", json.path]
        + arguments, environment: variables)
    let text = (try? String(contentsOf: json, encoding: .utf8)) ?? ""
    return Run(outcome: outcome, json: text)
  }

  /// Runs `cleanslate` with `arguments`.
  func cleanslate(_ arguments: [String]) async throws -> HelperExecutable.Outcome {
    try await HelperExecutable(named: "cleanslate").run(
      arguments, environment: StartingEnvironment.variables)
  }

  static let flaky = "RunnerFixtureTests.AlphaTests/testFlaky"

  // MARK: - Recording and ranking

  @Test func sessionsAreRecordedAndTheFlakyTestRankedWithItsCause() async throws {
    // Given a store
    let store = try await use(.temporaryDirectory).appendingPathComponent("runs.sqlite").path

    // When three sessions run, the flaky test failing then passing in one of them
    for asks in ["", "flaky", ""] {
      let run = try await cleanslateTest(["--retries", "1", "--history", store], asks: asks)
      #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
    }
    let flaky = try await cleanslate(["flaky", "--history", store, "--json"])

    // Then the store ranks it first, flaky, over three sessions
    #expect(flaky.status == 0, "\(flaky.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(flaky.standardOutput.utf8)) as? [String: Any])
    let tests = try #require(object["tests"] as? [[String: Any]])
    #expect(tests.first?["name"] as? String == Self.flaky)
    #expect(tests.first?["health"] as? String == "flaky")
    #expect(tests.first?["sessions"] as? Int == 3)
    #expect(tests.first?["flakySessions"] as? Int == 1)
    #expect(object["sessions"] as? Int == 3)
    #expect(tests.count == 14)
  }

  /// The `pooled` object of `test`'s cause in `run`'s summary JSON, when it has one.
  func pooled(_ test: String, in run: Run) throws -> [String: Any]? {
    let object = try JSONSerialization.jsonObject(with: Data(run.json.utf8)) as? [String: Any]
    let tests = object?["tests"] as? [[String: Any]] ?? []
    let cause = tests.first { $0["name"] as? String == test }?["cause"] as? [String: Any]
    return cause?["pooled"] as? [String: Any]
  }

  @Test func anExplanationWithAStoreGoesOnFromTheSessionsBeforeUntilAskedToStartAfresh()
    async throws
  {
    // Given a store
    let store = try await use(.temporaryDirectory).appendingPathComponent("runs.sqlite").path
    let explaining = ["--retries", "1", "--history", store, "--explain", "--explain-budget", "2"]

    // When two sessions see the flaky test fail and explain it, a budget of 2 s each
    let first = try await cleanslateTest(explaining, asks: "flaky")
    let second = try await cleanslateTest(explaining, asks: "flaky")

    // Then the first explanation starts a sequence and the second goes on from it
    #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
    #expect(try pooled(Self.flaky, in: first)?["sessions"] as? Int == 1)
    #expect(try pooled(Self.flaky, in: second)?["sessions"] as? Int == 2, "\(second.json)")
    #expect(second.outcome.standardOutput.contains("pooled over 2 sessions"))

    // When a third is asked to explain it afresh
    let third = try await cleanslateTest(
      explaining + ["--explain-afresh", Self.flaky], asks: "flaky")

    // Then it starts a sequence of its own
    #expect(try pooled(Self.flaky, in: third)?["sessions"] as? Int == 1)
  }

  @Test func explainingAfreshWithoutAStoreIsAnErrorBeforeAnythingRuns() async throws {
    // When --explain-afresh is given without --history
    let run = try await cleanslateTest(["--explain", "--explain-afresh", Self.flaky])

    // Then the command says what it needs, and runs nothing
    #expect(run.outcome.status != 0)
    #expect(
      run.outcome.standardError.contains(
        "--explain-afresh starts a test's pooled explanations over: give --explain and --history too."
      ))
    #expect(run.json.isEmpty)
  }

  @Test func goingOnWithPendingExplanationsWithoutAStoreIsAnErrorBeforeAnythingRuns()
    async throws
  {
    // When --explain-pending is given without --history
    let run = try await cleanslateTest(["--explain-pending", "30"])

    // Then the command says what it needs, and runs nothing
    #expect(run.outcome.status != 0)
    #expect(
      run.outcome.standardError.contains(
        "--explain-pending goes on with explanations kept in a store of runs: give --history too."
      ))
    #expect(run.json.isEmpty)
  }

  @Test func fourShardsWritingOneStoreAtOnceLoseNothing() async throws {
    // Given a store
    let store = try await use(.temporaryDirectory).appendingPathComponent("runs.sqlite").path

    // When four shards of one session run at once, each recording into it
    let runs = try await withThrowingTaskGroup(of: Run.self) { group in
      for shard in 1...4 {
        group.addTask {
          try await self.cleanslateTest(["--shard", "\(shard)/4", "--history", store])
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    // Then the store holds four sessions, every test of the fixture once
    for run in runs { #expect(run.outcome.status == 0, "\(run.outcome.standardError)") }
    let opened = try await StoreLocation(store).open()
    let history = try await opened.history(HistoryWindow())
    await opened.close()
    #expect(history.sessions.count == 4)
    #expect(history.results.count == 14)
    #expect(Set(history.sessions.compactMap(\.shard)) == ["1/4", "2/4", "3/4", "4/4"])
  }

  // MARK: - Quarantine

  /// A quarantine file in the test's directory holding `lines`.
  func quarantine(_ lines: [String]) async throws -> String {
    let path = try await use(.temporaryDirectory).appendingPathComponent("quarantine.txt").path
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func aQuarantinedTestThatFailedThenPassedDoesNotFailTheRun() async throws {
    // Given the flaky test quarantined, and the run asked to make it fail once
    let file = try await quarantine([
      "\(Self.flaky) | added 2026-11-01 | until 2099-12-31 | hash order (#212)"
    ])

    // When the run has no retries of its own
    let run = try await cleanslateTest(
      ["--quarantine", file, "--filter", "AlphaTests/testFlaky"], asks: "flaky")

    // Then it ran again, the run passes, and its failure is in the terminal, JUnit and JSON
    #expect(run.outcome.status == 0, "\(run.outcome.standardOutput)")
    #expect(
      run.outcome.standardOutput.contains(
        "Quarantined: \(Self.flaky), failed 1 of 2 attempts, flaky since 2026-11-01, cause not explained yet (until 2099-12-31: hash order (#212))."
      ), "\(run.outcome.standardOutput)")
    #expect(
      run.results.contains(
        #"{"name":"RunnerFixtureTests.AlphaTests/testFlaky","outcome":"flaky","runs":2,"failures":1,"quarantined":{"until":"2099-12-31","reason":"hash order (#212)","flakySince":"2026-11-01"}}"#
      ), "\(run.results)")
  }

  @Test func aQuarantinedTestThatFailsEveryAttemptFailsTheRun() async throws {
    // Given the failing tests quarantined
    let file = try await quarantine([
      "RunnerFixtureTests.AlphaTests/testFails | added 2026-11-01 | until 2099-12-31 | flaky?"
    ])

    // When the run asks them to fail
    let run = try await cleanslateTest(
      ["--quarantine", file, "--filter", "AlphaTests/testFails"], asks: "fail")

    // Then it ran three times, failed each, and the run fails
    #expect(run.outcome.status == 1)
    #expect(
      run.outcome.standardOutput.contains(
        "Quarantined: RunnerFixtureTests.AlphaTests/testFails failed every attempt (3 of 3): it is broken, not flaky, and fails the run (until 2099-12-31: flaky?)."
      ), "\(run.outcome.standardOutput)")
  }

  @Test func anExpiredEntryFailsTheRunNamingItAndAnEntryForNoTestIsAWarning() async throws {
    // Given an entry past its date, and one naming no test of the package
    let file = try await quarantine([
      "\(Self.flaky) | added 2026-01-01 | until 2026-02-01 | old",
      "RunnerFixtureTests.Gone/testRenamed | added 2026-01-01 | until 2099-01-01 | renamed",
    ])

    // When every test passes
    let run = try await cleanslateTest(["--quarantine", file])

    // Then the run fails naming the expired entry, and warns of the other
    #expect(run.outcome.status == 1)
    #expect(
      run.outcome.standardOutput.contains(
        "Quarantine expired: \(Self.flaky) (until 2026-02-01, in \(file)): it no longer holds, and the run fails until the entry is renewed (cleanslate quarantine add … --until YYYY-MM-DD) or removed."
      ), "\(run.outcome.standardOutput)")
    #expect(
      run.outcome.standardError.contains(
        "warning: \(file) quarantines RunnerFixtureTests.Gone/testRenamed, which is not a test of this package (swift test list): remove its entry with cleanslate quarantine remove."
      ), "\(run.outcome.standardError)")
  }

  @Test func aMalformedQuarantineFileIsAnErrorBeforeAnythingRuns() async throws {
    let file = try await quarantine(["# ours", "\(Self.flaky) until tomorrow"])
    let run = try await cleanslateTest(["--quarantine", file])
    #expect(run.outcome.status == 64)
    #expect(
      run.outcome.standardError.contains(
        "\(file):2: is not an entry: write it as test | added YYYY-MM-DD | until YYYY-MM-DD | reason (found: \(Self.flaky) until tomorrow)."
      ), "\(run.outcome.standardError)")
    #expect(run.json.isEmpty)
  }

  // MARK: - New tests

  @Test func aNewTestThatFailsOneOfItsChecksIsFlakyBeforeItMerges() async throws {
    // Given a store that has seen every test but the flaky one
    let store = try await use(.temporaryDirectory).appendingPathComponent("runs.sqlite").path
    let first = try await cleanslateTest([
      "--history", store, "--filter",
      "AlphaTests/test(One|Two|Fails|Crashes|CrashesOnce|Skipped)|BetaSuite|CrashSuite",
    ])
    #expect(first.outcome.status == 0, "\(first.outcome.standardError)")

    // When every test runs, the flaky one passing first and failing in its second run
    let run = try await cleanslateTest(
      ["--history", store, "--new-tests-share", "1"], asks: "flaky-later")

    // Then it was checked, failed a check, and the run fails
    #expect(run.outcome.status == 1, "\(run.outcome.standardOutput)")
    #expect(
      run.outcome.standardError.contains(
        "Checking 1 new test the store of runs has never seen pass: up to "),
      "\(run.outcome.standardError)")
    #expect(
      run.outcome.standardOutput.contains(
        "New test flaky: \(Self.flaky) failed 1 of"), "\(run.outcome.standardOutput)")
    #expect(run.json.contains(#""newTest":{"checks":"#))
  }

  // MARK: - A store that cannot be used

  /// A run of the fixture's flaky and failing tests, the same each time.
  func sameRun(_ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
    try await cleanslateTest(
      ["--retries", "1", "--filter", "AlphaTests/test(Flaky|Fails|One)"] + arguments,
      asks: "flaky,fail", environment: environment)
  }

  @Test func aStoreThatCannotBeUsedCostsOneLineAndNothingElse() async throws {
    // Given the run without a store
    let without = try await sameRun([])
    #expect(without.outcome.status == 1)
    let directory = try await use(.temporaryDirectory)

    // And stores that cannot be used: a corrupt file, a server that does not answer, a store of
    // a newer schema
    let corrupt = directory.appendingPathComponent("corrupt.sqlite").path
    try String(repeating: "garbage", count: 1000).write(
      toFile: corrupt, atomically: true, encoding: .utf8)
    let newer = directory.appendingPathComponent("newer.sqlite").path
    await (try await StoreLocation(newer).open()).close()
    try SQLiteDatabase(path: newer, create: false).execute(
      "UPDATE cleanslate_store SET version = 99")
    let cases: [(store: String, line: String)] = [
      (
        corrupt,
        "warning: the store of runs is not used: \(corrupt): file is not a database. The session runs and reports as it would without one."
      ),
      (
        "postgresql://ci:secret@127.0.0.1:\(freeLoopbackPort())/runs",
        "warning: the store of runs is not used: "
      ),
      (
        newer,
        "warning: the store of runs is not used: \(newer) is a store of runs of version 99, made by a newer CleanSlate; this one knows versions up to 3. Update CleanSlate, or give another file. The session runs and reports as it would without one."
      ),
    ]
    for (store, line) in cases {
      // When the same run has it
      let run = try await sameRun(["--history", store])

      // Then it says so in one line, and the results and exit status are those without it
      #expect(run.outcome.standardError.contains(line), "\(run.outcome.standardError)")
      #expect(!run.outcome.standardError.contains("secret"))
      #expect(run.outcome.status == without.outcome.status)
      #expect(run.results == without.results)
    }
  }

  @Test func aStoreLockedLongerThanItsWaitCostsOneLine() async throws {
    // Given a store whose write lock another process holds
    let store = try await use(.temporaryDirectory).appendingPathComponent("runs.sqlite").path
    await (try await StoreLocation(store).open()).close()
    let holder = try SQLiteDatabase(path: store, create: false)
    try holder.execute("BEGIN IMMEDIATE")
    defer { try? holder.execute("ROLLBACK") }
    let without = try await sameRun([])

    // When a session waits a second for it
    let run = try await sameRun(
      ["--history", store], environment: ["CLEANSLATE_HISTORY_LOCK_TIMEOUT": "1"])

    // Then it did not record the session, said so in one line, and changed nothing else
    #expect(
      run.outcome.standardError.contains(
        "warning: the store of runs did not record this session: \(store): database is locked. Its results, reports and exit status are as they are without it."
      ),
      "\(run.outcome.standardError)")
    #expect(run.outcome.status == without.outcome.status)
    #expect(run.results == without.results)
  }

  @Test(
    .enabled(
      if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"),
      "needs root and chattr: a read-only file, even for root"))
  func aReadOnlyStoreCostsOneLine() async throws {
    // Given a store that cannot be written (immutable: read-only even for root)
    let store = try await use(.temporaryDirectory).appendingPathComponent("runs.sqlite").path
    await (try await StoreLocation(store).open()).close()
    try await use(
      Fixture<Void>("immutable store") { context in
        try await Chattr.set(["+i", store])
        context.addTeardown { try await Chattr.set(["-i", store]) }
      })
    let without = try await sameRun([])

    // When a session records into it
    let run = try await sameRun(["--history", store])

    // Then it said so in one line, and changed nothing else
    #expect(
      run.outcome.standardError.contains("warning: the store of runs "),
      "\(run.outcome.standardError)")
    #expect(run.outcome.status == without.outcome.status)
    #expect(run.results == without.results)
  }
}

/// `chattr`, for a file even root cannot write.
enum Chattr {
  static func set(_ arguments: [String]) async throws {
    let outcome = try await HelperExecutable(url: URL(fileURLWithPath: "/usr/bin/chattr")).run(
      arguments)
    guard outcome.status == 0 else {
      throw ChattrFailed(message: outcome.standardError)
    }
  }

  struct ChattrFailed: Error { var message: String }
}
