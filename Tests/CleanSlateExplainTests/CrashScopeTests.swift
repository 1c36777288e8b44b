import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation
import Testing

/// Rule "A cause is a claim": a crash that comes often only where the run had it — its whole
/// selection at once — and rarely in small groups is explained from there: the first comparison
/// is the selection at once against the same tests in order, within the default budget of the
/// run's crashes; and a process that crashes whichever tests run beside each other is never
/// blamed on a pair. (A tenth of each set in `swift test`: ``SimulatedClaim``.)
@Suite struct CrashScopeTests {
  /// 121 tests in 11 suites of 11, as a server app's suite.
  static let tests: [TestName] = (0..<11).flatMap { suite in
    (0..<11).map { TestName("App.Suite\(suite)/test\($0)()") }
  }
  static let victim = tests[40]
  /// The crashes of the run: five in three repetitions, each pinned on the test whose `configure`
  /// crashed; explained once, with their budgets together.
  static let crashesInTheRun = 5

  /// The run's evidence, `--repeat 3 --retries 2`: the explained test's process crashed in the
  /// first repetition while the whole selection ran, a frame of its own pinning it; it passed its
  /// retry alone and the two other repetitions at once. Each test took a fifteenth of a second.
  static func evidence(seed: UInt64) -> RunEvidence {
    var random = SeededRandomNumberGenerator(seed: seed)
    let running = [victim] + tests.filter { $0 != victim }.shuffled(using: &random).prefix(7)
    let crash = SimulatedFlakyTest.crash(running: running, in: victim)
    let others = tests.filter { $0 != victim }
    let attempts = [
      TestRecord.Attempt(
        repetition: 1, end: TestEnd(.crashed, failure: "crashed", crash: crash),
        beside: Array(running.dropFirst())),
      TestRecord.Attempt(repetition: 1, end: TestEnd(.passed), alone: true),
      TestRecord.Attempt(repetition: 2, end: TestEnd(.passed), beside: others),
      TestRecord.Attempt(repetition: 3, end: TestEnd(.passed), beside: others),
    ]
    var evidence = RunEvidence(attempts: attempts, of: victim, together: tests, ranAtOnce: true)
    evidence.durations = Dictionary(uniqueKeysWithValues: tests.map { ($0, 0.065) })
    return evidence
  }

  /// The causes of `count` explanations of the victim failing for `reason`, each with the default
  /// budget of the run's crashes, a run costing 0.2 s and 0.065 s a test (the whole selection
  /// about 8 s), a crash 0.7 s more.
  static func explanations(
    count: Int, reason: SimulatedFlakyTest.Reason
  ) async throws -> [TestCause] {
    try await withThrowingTaskGroup(of: TestCause.self) { group in
      for index in 0..<count {
        group.addTask(executorPreference: SimulationExecutor.shared) {
          var runner = SimulatedFlakyTest(reason: reason, seed: UInt64(index) &* 7919 &+ 3)
          runner.secondsPerRun = .milliseconds(200)
          runner.secondsPerTest = .milliseconds(65)
          runner.secondsPerCrash = .milliseconds(700)
          var explainer = Explainer(
            runner: runner, budget: ExplainOptions.defaultBudget * crashesInTheRun)
          explainer.machineZone = "UTC"
          explainer.seed = UInt64(index)
          return try await explainer.explain(victim, evidence: evidence(seed: UInt64(index)))
        }
      }
      var all: [TestCause] = []
      for try await cause in group { all.append(cause) }
      return all
    }
  }

  @Test func aCrashOfTheWholeSelectionAtOnceIsExplainedParallelWithinTheBudgetOfItsCrashes()
    async throws
  {
    // Given 121 tests whose process crashes in two of three runs of them all at once, in one of
    // thirty runs of three, and never in order
    // When 200 such crashes are explained (20 in `swift test`), each in the default budget of
    // the run's five crashes
    let explained = try await Self.explanations(
      count: SimulatedClaim.explanations(200),
      reason: .crashGrowing(whole: 2.0 / 3, three: 1.0 / 30, of: Self.tests.count))

    // Then at least 90% are parallel, through the code every crash went through, and none names
    // one partner
    let parallel = explained.filter {
      $0.kind == .parallel
        && $0.sharedFrames == [
          "withApp(_:)", "configure(_:)", "routes(_:)", "RouteRegistry.register(_:)",
        ]
    }
    let seconds = explained.map(\.seconds).sorted()
    let runs = explained.map(\.runs.count).sorted()
    Figures.record(
      "crash of the whole selection: \(parallel.count) of \(explained.count) parallel; seconds: median \(seconds[seconds.count / 2]), 95th \(seconds[seconds.count * 95 / 100]); runs: median \(runs[runs.count / 2])"
    )
    let claim = SimulatedClaim.atLeast(0.9)
    #expect(
      claim.holds(parallel.count, of: explained.count),
      "\(parallel.count) of \(explained.count) (\(claim.description(of: explained.count))); kinds: \(Dictionary(grouping: explained, by: \.kind).mapValues(\.count)); misses: \(explained.filter { $0.kind != .parallel }.prefix(2).map { "\($0.heading): \($0.summary) \($0.runs.map { "\($0.what.prefix(40)) \($0.passed)" })" })"
    )
    #expect(explained.allSatisfy { $0.beside.count != 1 })
  }

  @Test func aProcessOfManyTestsThatCrashesAtRandomIsNeverBlamedOnAPair() async throws {
    // Given 121 tests whose process crashes in two of three runs at once, whichever tests run
    // beside each other
    // When 1,000 such crashes are explained (100 in `swift test`)
    let explained = try await Self.explanations(
      count: SimulatedClaim.explanations(1000), reason: .crashAtRandom(rate: 2.0 / 3))

    // Then none names one partner
    let blamed = explained.filter { $0.beside.count == 1 }
    Figures.record(
      "crash of the whole selection at random: \(blamed.count) of \(explained.count) blamed on a pair"
    )
    #expect(blamed.isEmpty, "\(blamed.count) of \(explained.count)")
  }
}
