import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation
import Testing

/// Rule "A cause is a claim": a crash of a test process that two tests cause when they run at once — each test's
/// `configure` registering into one unlocked process-wide table — is explained within the default
/// budget: the experiments start from the tests running when the run's process crashed, run small
/// groups at once (a second each), and name the partner only when runs with it crash
/// significantly more often than runs with the others; a process that crashes whichever tests run
/// beside each other is never blamed on a pair; and one that any two of its tests crash at once
/// (each other test beside it adds to the chance) is explained parallel within the default budget.
/// (A tenth of each set in `swift test`: ``SimulatedClaim``.)
@Suite struct CrashPairTests {
  /// 120 tests in 12 suites of 10: the explained test is one, its partner another suite's.
  static let tests: [TestName] = (0..<12).flatMap { suite in
    (0..<10).map { TestName("Members.Suite\(suite)/test\($0)()") }
  }
  static let victim = tests[23]
  static let partner = tests[87]

  /// The run's evidence: the explained test's process crashed while it ran beside its partner
  /// and six others, no frame naming one; it passed when it ran again alone.
  static func evidence(seed: UInt64) -> RunEvidence {
    var random = SeededRandomNumberGenerator(seed: seed)
    let others = tests.filter { $0 != victim && $0 != partner }.shuffled(using: &random)
    return evidence(of: SimulatedFlakyTest.crash(running: [victim, partner] + others.prefix(6)))
  }

  /// The run's evidence of `crash`: the explained test's process crashed while `crash`'s tests
  /// ran; it passed when it ran again alone.
  static func evidence(of crash: TestCrash) -> RunEvidence {
    let attempts = [
      TestRecord.Attempt(
        repetition: 1, end: TestEnd(.crashed, failure: "crashed", crash: crash),
        beside: crash.running.filter { $0 != victim }),
      TestRecord.Attempt(repetition: 1, end: TestEnd(.passed), alone: true),
    ]
    var evidence = RunEvidence(
      attempts: attempts, of: victim, together: tests, ranAtOnce: true)
    evidence.durations = Dictionary(uniqueKeysWithValues: tests.map { ($0, 0.05) })
    return evidence
  }

  /// The causes of `count` explanations of tests failing for `reason`, and how many runs each
  /// made at once with the partner.
  static func explanations(
    count: Int, reason: SimulatedFlakyTest.Reason,
    evidence: @escaping @Sendable (UInt64) -> RunEvidence = evidence(seed:),
    secondsPerRun: Duration = .milliseconds(300), secondsPerTest: Duration = .milliseconds(50),
    secondsPerCrash: Duration = .zero
  ) async throws -> [(cause: TestCause, withThePartner: Int, atOnce: Int)] {
    try await withThrowingTaskGroup(of: (TestCause, Int, Int).self) { group in
      for index in 0..<count {
        group.addTask(executorPreference: SimulationExecutor.shared) {
          var runner = SimulatedFlakyTest(reason: reason, seed: UInt64(index) &* 6151 &+ 5)
          // A run costs its process's start and a twentieth of a second a test.
          runner.secondsPerRun = secondsPerRun
          runner.secondsPerTest = secondsPerTest
          runner.secondsPerCrash = secondsPerCrash
          var explainer = Explainer(runner: runner)
          explainer.machineZone = "UTC"
          explainer.seed = UInt64(index)
          let cause = try await explainer.explain(
            victim, evidence: evidence(UInt64(index) &+ 99))
          let atOnce = runner.runs.value.map(\.condition).filter(\.atOnce)
          let withThePartner = atOnce.filter { $0.tests(with: victim).contains(partner) }
          return (cause, withThePartner.count, atOnce.count)
        }
      }
      var all: [(TestCause, Int, Int)] = []
      for try await explained in group { all.append(explained) }
      return all.map { (cause: $0.0, withThePartner: $0.1, atOnce: $0.2) }
    }
  }

  @Test func aPairThatCrashesTheProcessInHalfItsRunsAtOnceIsFoundWithinSixtyFourRunsWithThePartner()
    async throws
  {
    // Given 120 tests, two of which crash the process in half the runs where they run at once
    // When 1,000 such crashes are explained (100 in `swift test`)
    let explained = try await Self.explanations(
      count: SimulatedClaim.explanations(1000), reason: .crashPair(partner: Self.partner, rate: 0.5)
    )

    // Then the pair is named — parallel, beside the partner, through the code both crashes went
    // through — in at least 95% of them, within 64 runs of the groups with the partner at once
    // (the partner is named only once the comparison at once against in order decided: its own
    // comparison, against as many other tests, runs after it)
    let found = explained.filter {
      $0.cause.kind == .parallel && $0.cause.beside == [Self.partner.listed]
        && $0.cause.sharedFrames == [
          "withApp(_:)", "configure(_:)", "routes(_:)", "RouteRegistry.register(_:)",
        ]
        && $0.withThePartner <= 64
    }
    let named = explained.filter { $0.cause.beside == [Self.partner.listed] }.count
    let framed = explained.filter {
      $0.cause.sharedFrames == [
        "withApp(_:)", "configure(_:)", "routes(_:)", "RouteRegistry.register(_:)",
      ]
    }.count
    let misses = explained.filter { $0.cause.beside != [Self.partner.listed] }.prefix(3)
      .map { "\($0.cause.beside) \($0.cause.sharedFrames)" }
    let runs = explained.map(\.withThePartner).sorted()
    let atOnce = explained.map(\.atOnce).sorted()
    Figures.record(
      "crash pair: \(found.count) of \(explained.count) found; runs with the partner at once: median \(runs[runs.count / 2]), 95th \(runs[runs.count * 95 / 100]); runs at once: median \(atOnce[atOnce.count / 2])"
    )
    let claim = SimulatedClaim.atLeast(0.95)
    #expect(
      claim.holds(found.count, of: explained.count),
      "\(found.count) of \(explained.count) (\(claim.description(of: explained.count))); partner named \(named), frames \(framed), misses \(misses); runs with the partner at once: median \(runs[runs.count / 2]), 95th \(runs[runs.count * 95 / 100]); runs at once: median \(atOnce[atOnce.count / 2]), 95th \(atOnce[atOnce.count * 95 / 100]); kinds: \(Dictionary(grouping: explained, by: \.cause.kind).mapValues(\.count))"
    )
  }

  @Test func aProcessWhoseTestsCrashAtRandomIsNeverBlamedOnAPair() async throws {
    // Given 120 tests whose process crashes in half the runs at once, whichever tests run
    // beside each other
    // When 1,000 such crashes are explained (100 in `swift test`)
    let explained = try await Self.explanations(
      count: SimulatedClaim.explanations(1000), reason: .crashAtRandom(rate: 0.5))

    // Then at most 1% of the explanations name one partner
    let blamed = explained.filter { $0.cause.beside.count == 1 }
    Figures.record("crash at random: \(blamed.count) of \(explained.count) blamed on a pair")
    let claim = SimulatedClaim.atMost(0.01)
    #expect(
      claim.holds(blamed.count, of: explained.count),
      "\(blamed.count) of \(explained.count) (\(claim.description(of: explained.count)))")
  }

  /// The run's evidence of a race any two tests make: the explained test's process crashed while
  /// the first test of each of the twelve suites ran, pinned on one of them.
  static func raceEvidence(seed: UInt64) -> RunEvidence {
    var random = SeededRandomNumberGenerator(seed: seed)
    let firsts = (0..<12).map { tests[$0 * 10] }.filter { $0 != victim }
    let running = ([victim] + firsts).shuffled(using: &random)
    return evidence(of: SimulatedFlakyTest.crash(running: running, in: running.first))
  }

  @Test func aProcessThatCrashesWhenAnyTwoOfItsTestsRunAtOnceIsExplainedParallel() async throws {
    // Given 120 tests of which any two at once may crash the process (each other test at once
    // with it, 2.5% of the runs: a quarter of the runs of thirteen at once), a crash costing its
    // run a second
    // When 200 such crashes are explained (20 in `swift test`), each in the default budget
    let explained = try await Self.explanations(
      count: SimulatedClaim.explanations(200), reason: .crashAnyTwo(perTest: 0.025),
      evidence: Self.raceEvidence(seed:),
      secondsPerRun: .milliseconds(200), secondsPerTest: .milliseconds(15),
      secondsPerCrash: .milliseconds(700))

    // Then at least 90% of them are parallel, through the code every crash went through, and
    // none names one partner
    let parallel = explained.filter {
      $0.cause.kind == .parallel
        && $0.cause.sharedFrames == [
          "withApp(_:)", "configure(_:)", "routes(_:)", "RouteRegistry.register(_:)",
        ]
    }
    let seconds = explained.map(\.cause.seconds).sorted()
    Figures.record(
      "crash any two: \(parallel.count) of \(explained.count) parallel; seconds: median \(seconds[seconds.count / 2]), 95th \(seconds[seconds.count * 95 / 100])"
    )
    let claim = SimulatedClaim.atLeast(0.9)
    #expect(
      claim.holds(parallel.count, of: explained.count),
      "\(parallel.count) of \(explained.count) (\(claim.description(of: explained.count))); kinds: \(Dictionary(grouping: explained, by: \.cause.kind).mapValues(\.count))"
    )
    #expect(explained.allSatisfy { $0.cause.beside.count != 1 })
  }
}
