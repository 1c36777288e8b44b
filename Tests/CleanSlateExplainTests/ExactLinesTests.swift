import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTestProcess
import Testing

/// Rule "The runner's outcomes are evidence": every line an explanation prints is exact — an
/// undecided cause never reads "decided by", a reproduce line is a condition the experiments ran
/// and says when it never failed there, a hang's carries its time limit, and a test that never
/// passed is not called flaky.
@Suite struct ExactLinesTests {
  @Test func anUndecidedCauseSaysUndecidedAfterItsRunsNeverDecidedBy() {
    // Given a cause no experiment decided, after 82 runs in 105.32 s
    var cause = TestCause(.unknown, summary: "…", reproduce: "swift test")
    cause.runs = Array(repeating: .init("alone", passed: true), count: 82)
    cause.seconds = 105.32

    // When its paragraph is worded
    let heading = cause.paragraph(for: "T.S/a()").first

    // Then its heading says it is undecided
    #expect(heading == "Why flaky: T.S/a() — unknown, undecided after 82 runs in 105.32 s")
  }

  @Test func aTestThatNeverFailsAgainIsReproducedWhereItFailedAndSaysItDidNotFailThere()
    async throws
  {
    // Given a test that failed once beside the tests of its process at once, and never again
    let runner = SimulatedFlakyTest(reason: .never)

    // When it is explained
    let cause = try await explain(runner, evidence: evidence(failures: 1, runs: 21))

    // Then its reproduce line runs the run's selection at once, in a loop, and says how many of
    // those runs the experiments made without a failure
    #expect(cause.kind == .unknown)
    let atOnce = cause.runs.filter { $0.what.hasPrefix("with ") && $0.what.contains("at once") }
    #expect(
      cause.reproduce.hasPrefix("while swift test --filter 'Suite.Tests/test1|"),
      "\(cause.reproduce)")
    #expect(
      cause.reproduce.hasSuffix("; do :; done  # did not fail in \(atOnce.count) runs here"),
      "\(cause.reproduce) \(cause.runs.map(\.what))")
  }

  @Test func aHangsReproduceLineCarriesItsTimeLimit() async throws {
    // Given a test that timed out at 20 s in both runs of the run, and hangs every time
    var runner = SimulatedFlakyTest(reason: .hang)
    runner.secondsPerRun = .seconds(20)
    var explainer = Explainer(runner: runner)
    explainer.machineZone = "UTC"
    explainer.timeLimit = .seconds(20)

    // When it is explained under `--test-timeout 20`
    let cause = try await explainer.explain(
      SimulatedFlakyTest.victim,
      evidence: evidence(end: TestEnd(.timedOut, failure: "timed out"), retryPassed: false))

    // Then its command sets the time limit the test heeds under a plain `swift test`
    #expect(cause.kind == .hang)
    #expect(
      cause.reproduce
        == "CLEANSLATE_TEST_TIMEOUT=20 swift test --no-parallel --filter Suite.Tests/victim")
  }

  @Test func aParallelCrashIsReproducedByItsTestsAtOnceInALoopAndNamesTheFramesItsCrashesShare()
    async throws
  {
    // Given a test whose process crashes in half the runs where its partner runs at once with it
    let partner = CrashPairTests.partner
    let runner = SimulatedFlakyTest(reason: .crashPair(partner: partner, rate: 0.5), seed: 3)
    var explainer = Explainer(runner: runner)
    explainer.machineZone = "UTC"

    // When its crash is explained
    let cause = try await explainer.explain(
      CrashPairTests.victim, evidence: CrashPairTests.evidence(seed: 3))

    // Then it is parallel; its paragraph names the frames its crashes went through and the tests
    // whose crashes did; its command runs the tests at once until one fails, and failed here
    #expect(cause.kind == .parallel, "\(cause.heading): \(cause.summary)")
    #expect(
      cause.sharedFrames == [
        "withApp(_:)", "configure(_:)", "routes(_:)", "RouteRegistry.register(_:)",
      ])
    #expect(
      cause.summary.contains(
        "crashes went through withApp(_:) → configure(_:) → routes(_:) → RouteRegistry.register(_:), in "
      ), "\(cause.summary)")
    #expect(cause.reproduce.hasPrefix("while swift test --filter "), "\(cause.reproduce)")
    #expect(cause.reproduce.hasSuffix("; do :; done"), "\(cause.reproduce)")
    #expect(cause.reproduce.contains(CrashPairTests.victim.listed))
  }

  @Test func noScreenRunsOnceTheLeadSawFailuresOnOneSideOnly() async throws {
    // Given a test that fails in a tenth of the runs beside its partner at once, never otherwise,
    // whose run failed twice beside it and passed alone, with a budget too small to decide
    let runner = SimulatedFlakyTest(
      reason: .parallel(partner: "Suite.Tests/test2", rate: 0.1), seed: 5)

    // When it is explained
    let cause = try await explain(
      runner, budget: .seconds(8),
      evidence: evidence(failures: 2, runs: 4, end: TestEnd(.failed, failure: "boom")))

    // Then whenever parallel saw failures at once only, it is the only experiment tried: no hash
    // order, no load
    let atOnce = cause.runs.filter { $0.what.contains("at once") && !$0.passed }
    let inOrder = cause.runs.filter { !$0.what.contains("at once") && !$0.passed }
    if !atOnce.isEmpty, inOrder.isEmpty, cause.kind != .parallel {
      #expect(cause.tried == ["parallel"], "\(cause.tried)")
      #expect(cause.summary.contains("Parallel was ahead: "), "\(cause.summary)")
    }
    #expect(!cause.tried.contains("load") || atOnce.isEmpty || !inOrder.isEmpty)
  }

  @Test func aTestThatNeverPassedInTheRunIsNotCalledFlaky() {
    // Given a cause of a test that failed in every attempt of the run, found parallel after
    var cause = TestCause(.parallel, summary: "…", reproduce: "swift test")
    cause.failedEveryTime = true

    // When its paragraph is worded
    let heading = cause.paragraph(for: "T.S/a()").first

    // Then it says why it fails, not why it is flaky
    #expect(heading?.hasPrefix("Why it fails: T.S/a() — parallel, decided by ") == true)
  }
}
