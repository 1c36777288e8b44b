import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import Testing

/// `--until-failure`, on simulated suites: the session stops after the first repetition that has
/// a failure (a test failed or timed out in it, a test process crashed, or a failure no test
/// accounts for), a flaky repetition goes on, and the summary and JSON say which repetition
/// failed and how to run it again.
@Suite struct UntilFailureTests {
  /// The reproduce line `UntilFailure` is given, made plain for the tests.
  private static func reproduce(_ tests: [TestName], _ seed: String?) -> String {
    (seed.map { "CLEANSLATE_SEED=\($0) " } ?? "") + "run "
      + tests.map(\.listed).joined(
        separator: " ")
  }

  @Test(arguments: [SimulatedSuite.Shape.xcTest, .swiftTesting])
  func theSessionStopsAfterTheFirstRepetitionThatHasAFailure(
    shape: SimulatedSuite.Shape
  )
    async throws
  {
    // Given a test that fails on its fifth run, in either framework's shape
    let runner = SimulatedSuite(shape) { test, attempt in
      test == "T.A/rare" && attempt == 5 ? .fail : .pass
    }
    var session = TestSession(launcher: runner, repetitions: 80)
    session.stopsAtFirstFailingRepetition = true

    // When it runs until failure, at most 80 times
    let run = try await session.run(["T.A/fine", "T.A/rare"])

    // Then it stopped after the fifth repetition, the one that failed
    #expect(run.repetitionsRan == 5)
    #expect(run.records.map(\.runs) == [5, 5])
    #expect(run.failedRepetition() == 5)
    #expect(run.testsFailing(inRepetition: 5) == ["T.A/rare"])
    #expect(FinishedSession(run).fails())
  }

  @Test func everyRepetitionRunsWhenNoneFails() async throws {
    // Given tests that always pass
    let runner = SimulatedSuite(.xcTest) { _, _ in .pass }
    var session = TestSession(launcher: runner, repetitions: 3)
    session.stopsAtFirstFailingRepetition = true

    // When they run until failure, at most 3 times
    let run = try await session.run(["T.A/a", "T.A/b"])

    // Then all 3 ran, none failed, and the summary says so before its counts
    #expect(run.repetitionsRan == 3)
    #expect(run.failedRepetition() == nil)
    var finished = FinishedSession(run)
    finished.untilFailure = UntilFailure(
      run, limit: 3, selected: 2, reproduce: Self.reproduce)
    #expect(!finished.fails())
    #expect(
      SessionSummary(finished).lines == [
        "Until failure: all 3 repetitions passed.", "2 passed, 0 failed, 0 flaky, 0 skipped",
      ])
    #expect(
      SummaryJSON.text(finished).contains(
        #""untilFailure":{"limit":3,"ran":3,"failed":null,"tests":[],"seeds":[],"reproduce":null}"#
      ))
  }

  @Test func aRepetitionWhoseFailureARetryTurnedIntoAPassDoesNotStopIt() async throws {
    // Given a test that fails on its second run and passes when run again
    let runner = SimulatedSuite(.xcTest) { test, attempt in
      test == "T.A/flaky" && attempt == 2 ? .fail : .pass
    }
    var session = TestSession(launcher: runner, retries: 1, repetitions: 4)
    session.stopsAtFirstFailingRepetition = true

    // When it runs until failure with a retry
    let run = try await session.run(["T.A/flaky"])

    // Then the flaky repetition went on to the last: flaky is not failed, and it is still told
    #expect(run.repetitionsRan == 4)
    #expect(run.failedRepetition() == nil)
    #expect(run.records.map(\.verdict) == [.flaky])
  }

  @Test func aCrashStopsItAndOneHeldAgainstAQuarantinedTestDoesNot() async throws {
    // Given a test that crashes its process on its second run
    let runner = SimulatedSuite(.xcTest) { test, attempt in
      test == "T.A/c" && attempt == 2 ? .crash(named: true) : .pass
    }

    // When it runs until failure, and again with the test quarantined
    var session = TestSession(launcher: runner, repetitions: 6)
    session.stopsAtFirstFailingRepetition = true
    let run = try await session.run(["T.A/c", "T.A/d"])
    let quarantinedRunner = SimulatedSuite(.xcTest) { test, attempt in
      test == "T.A/c" && attempt == 2 ? .crash(named: true) : .pass
    }
    var quarantined = TestSession(launcher: quarantinedRunner, repetitions: 3)
    quarantined.stopsAtFirstFailingRepetition = true
    quarantined.quarantined = ["T.A/c"]
    let underQuarantine = try await quarantined.run(["T.A/c", "T.A/d"])

    // Then the crash stopped it after the second repetition; under quarantine every one ran
    #expect(run.repetitionsRan == 2)
    #expect(run.failedRepetition() == 2)
    #expect(underQuarantine.failedRepetition(quarantined: ["T.A/c"]) == nil)
  }

  @Test func theSummaryNamesTheRepetitionWhatDifferedAndTheCommandWithItsSeed() throws {
    // Given a session whose third repetition failed, each process's seed named by its trace
    let attempt = { (repetition: Int, outcome: TestEnd.Outcome, seed: String) in
      TestRecord.Attempt(
        repetition: repetition,
        end: TestEnd(outcome, seconds: 0.1, failure: outcome == .failed ? "boom" : nil),
        beside: ["T.A/other"], seed: seed)
    }
    var record = TestRecord(name: "T.A/rare")
    record.attempts = [
      attempt(1, .passed, "11"), attempt(2, .passed, "12"), attempt(3, .failed, "13"),
    ]
    var run = SessionResult(records: [record])
    run.repetitionsRan = 3

    // When --until-failure 80 reports it
    let found = UntilFailure(run, limit: 80, selected: 2, reproduce: Self.reproduce)

    // Then it names the repetition, the seed it ran with beside the earlier ones, the tests
    // beside it, and the command with that seed
    #expect(
      found.lines == [
        "Until failure: repetition 3 of at most 80 failed, after 2 that passed: T.A/rare.",
        "  What differed from the 2 before it: the seed 13 (before it: 11, 12); the order, none (each repetition launched the same 2 tests in the same order); the tests at once, T.A/other.",
        "  Reproduce: CLEANSLATE_SEED=13 run T.A/rare",
      ])
  }

  @Test func aFirstRepetitionThatFailedSaysWhatItRanWith() throws {
    // Given a session whose first repetition failed, with no trace
    var record = TestRecord(name: "T.A/broken")
    record.attempts = [
      TestRecord.Attempt(repetition: 1, end: TestEnd(.failed, seconds: 0.1, failure: "boom"))
    ]
    let run = SessionResult(records: [record])

    // When --until-failure 5 reports it
    let found = UntilFailure(run, limit: 5, selected: 1, reproduce: Self.reproduce)

    // Then there is nothing before it to differ from, and no seed is invented
    #expect(found.failed == 1)
    #expect(
      found.lines == [
        "Until failure: repetition 1 of at most 5 failed, the first: T.A/broken.",
        "  What it ran with: the seed, not known (no lifecycle trace named it: tests that use CleanSlate's fixtures write one); the order, the 1 test as listed; the tests at once, none named by a trace.",
        "  Reproduce: run T.A/broken",
      ])
  }
}
