import CleanSlateChildProcess
import CleanSlate
import CleanSlateExplain
import CleanSlateReport
import CleanSlateRunner
import CleanSlateTestProcess

/// A runner of a simulated suite in which one test, `Suite.Tests/victim`, is flaky for one
/// reason, on a simulated clock (each run costs ``secondsPerRun``), its outcomes drawn from a
/// seed: what `--explain` is told apart by, without building a package.
struct SimulatedFlakyTest: ExperimentRunner {
  /// Why the victim fails.
  enum Reason: Sendable {
    /// After `polluter`, at `rate`, which leaves `state` (the sentinel's reports; `nil`: not
    /// watched); alone at `base`.
    case order(polluter: TestName, state: [String]?, rate: Double = 1, base: Double = 0)
    /// With any run seed of `failing`; the machine's seed is 19.
    case seed(failing: Set<UInt64>)
    /// In any zone but those of `passing`; the machine's is UTC.
    case timeZone(passing: Set<String>)
    /// At `rate` when run at once with `partner`, at `base` otherwise; with `failure`, and the
    /// sentinel, watching, saw `partner` leave `state` (`nil`: not watched).
    case parallel(
      partner: TestName, rate: Double = 1, base: Double = 0, state: [String]? = nil,
      failure: String = "boom")
    /// Its process crashes (signal 11, through `configure → routes → register`) in `rate` of the
    /// runs where `partner` runs at once with it; never otherwise.
    case crashPair(partner: TestName, rate: Double)
    /// Its process crashes in `rate` of the runs at once, whatever runs beside it.
    case crashAtRandom(rate: Double)
    /// With deterministic hashing always (`fixedFails`) or never; without it at `seededRate`,
    /// each failure naming the run's order.
    case hashOrder(fixedFails: Bool, seededRate: Double)
    /// At `rate` when the CPU is busy, at `base` otherwise.
    case load(rate: Double = 1, base: Double = 0)
    /// At `rate`, whatever the conditions.
    case random(rate: Double)
    /// In the runs of `window` (by number, from 1), when another process holds the machine,
    /// whatever the conditions; and at `rate` otherwise.
    case busyMachine(window: ClosedRange<Int>)
    /// In its argument case `failing` only (of a parameterized test), at `rate`.
    case parameterized(failing: String, rate: Double)
    /// Always.
    case failing
    /// Always, timed out at its limit.
    case hang
    /// Never again.
    case never
  }

  static let victim: TestName = "Suite.Tests/victim"
  static let earlier: [TestName] = (1...6).map { TestName("Suite.Tests/test\($0)") }

  let reason: Reason
  /// What one run costs on the simulated clock.
  var secondsPerRun: Duration = .milliseconds(100)
  /// Every run: its condition.
  let runs = Locked<[RunCondition]>([])
  private let clock = Locked<Duration>(.zero)
  private let random: Locked<SeededRandomNumberGenerator>

  /// A simulated test failing for `reason`, its draws from `seed`.
  init(reason: Reason, seed: UInt64 = 1) {
    self.reason = reason
    random = Locked(SeededRandomNumberGenerator(seed: seed))
  }

  var now: Duration { clock.value }

  /// Whether a draw at `rate` comes out.
  private func draw(_ rate: Double) -> Bool {
    guard rate > 0 else { return false }
    guard rate < 1 else { return true }
    return random.withLock { Double.random(in: 0..<1, using: &$0) } < rate
  }

  func run(_ condition: RunCondition, of test: TestName, testCase: String?) async throws -> Launch
  {
    let number = runs.withLock { runs in
      runs.append(condition)
      return runs.count
    }
    clock.withLock { $0 += secondsPerRun }
    let tests = condition.tests(with: test)
    let others = tests.filter { $0 != test }
    var failure: String? = nil
    var outcome = TestEnd.Outcome.failed
    var crash: TestCrash?
    var beside: [TestName: [TestName]] = [:]
    var leftBehind: [TestName: [String]] = [:]
    var seeds: [TestName: String] = [:]
    var seededRandom: [TestName] = []
    var failedCases: [TestName: [String]] = [:]
    if condition.atOnce { beside[test] = others }
    switch reason {
    case let .order(polluter, state, rate, base):
      if draw(others.contains(polluter) && !condition.atOnce ? rate : base) { failure = "boom" }
      if let state, condition.watchesState {
        for other in tests { leftBehind[other] = [] }
        if others.contains(polluter) { leftBehind[polluter] = state }
      }
    case let .seed(failing):
      let seed = condition.seed ?? 19
      if failing.contains(seed) { failure = "boom" }
      seededRandom = [test]
      seeds[test] = String(seed)
    case let .timeZone(passing):
      if !passing.contains(condition.timeZone ?? "UTC") { failure = "boom" }
    case let .parallel(partner, rate, base, state, message):
      let together = condition.atOnce && others.contains(partner)
      if draw(together ? rate : base) { failure = message }
      if let state, condition.watchesState {
        for other in tests { leftBehind[other] = [] }
        if others.contains(partner) { leftBehind[partner] = state }
      }
    case let .crashPair(partner, rate):
      if draw(condition.atOnce && others.contains(partner) ? rate : 0) {
        outcome = .crashed
        crash = Self.crash(running: [test, partner] + others.filter { $0 != partner }.prefix(2))
      }
    case let .crashAtRandom(rate):
      if draw(condition.atOnce ? rate : 0) {
        outcome = .crashed
        crash = Self.crash(running: [test] + others.prefix(2))
      }
    case let .hashOrder(fixedFails, seededRate):
      if condition.deterministicHashing ? fixedFails : draw(seededRate) {
        failure = "order \(condition.deterministicHashing ? 1 : number)"
      }
    case let .load(rate, base):
      if draw(condition.busy ? rate : base) { failure = "boom" }
    case let .random(rate):
      if draw(rate) { failure = "boom" }
    case let .busyMachine(window):
      if window.contains(number) { failure = "boom" }
    case let .parameterized(failingCase, rate):
      let runsIt = testCase.map { $0.hasSuffix("(\(failingCase))") } ?? true
      if runsIt && draw(rate) {
        failure = "boom"
        failedCases[test] = [failingCase]
      }
    case .failing: failure = "boom"
    case .hang:
      outcome = .timedOut
      failure = "timed out after 20 seconds"
    case .never: break
    }
    let end: TestEnd
    if let crash {
      end = TestEnd(.crashed, failure: Launch.failure(of: test, in: crash), crash: crash)
    } else if outcome == .timedOut {
      end = TestEnd(.timedOut, failure: failure)
    } else {
      end = failure.map { TestEnd(.failed, failure: $0) } ?? TestEnd(.passed)
    }
    var variables: [SwiftTestInvocation.Variable] = []
    if let testCase { variables.append(.init(name: "CLEANSLATE_TEST_CASE", value: testCase)) }
    if condition.deterministicHashing {
      variables.append(.init(name: "SWIFT_DETERMINISTIC_HASHING", value: "1"))
    }
    if let seed = condition.seed {
      variables.append(.init(name: "CLEANSLATE_SEED", value: String(seed)))
    }
    if let zone = condition.timeZone { variables.append(.init(name: "TZ", value: zone)) }
    var ends: [TestName: TestEnd] = [:]
    for other in others { ends[other] = TestEnd(.passed) }
    if crash == nil { ends[test] = end }
    return Launch(
      command: SwiftTestInvocation(
        environment: variables,
        arguments: ["test"] + (condition.atOnce ? [] : ["--no-parallel"])
          + ["--filter", tests.map(\.listed).joined(separator: "|")]),
      ends: ends, crashes: crash.map { [$0] } ?? [],
      traced: TraceFacts(
        seededRandom: seededRandom, seeds: seeds, beside: beside, leftBehind: leftBehind,
        failedCases: failedCases))
  }

  /// A crash of a process running `running`, its crashed thread in the code under test:
  /// `configure(_:)` → `routes(_:)` → `RouteRegistry.register(_:)`.
  static func crash(running: [TestName]) -> TestCrash {
    let standardError = """
      *** Signal 11: Backtracing from 0x1... done ***

      *** Program crashed: Bad pointer dereference at 0x0000000000000000 ***

      Thread 3 crashed:

        0      0x0000000000000001 _NativeDictionary.insertNew(key:value:) + 12 in libswiftCore.so
        1 [ra] 0x0000000000000002 RouteRegistry.register(_:) + 34 in T.xctest at /src/RouteRegistry.swift:9:5
        2 [ra] 0x0000000000000003 routes(_:) + 56 in T.xctest at /src/routes.swift:12:3
        3 [ra] 0x0000000000000004 configure(_:) + 78 in T.xctest at /src/configure.swift:20:3
        4 [ra] [system] 0x0000000000000005 closure #1 in Runner.run() in libTesting.so

      """
    return TestCrash(termination: .signalled(11), running: running, standardError: standardError)
  }
}

/// The evidence of a run in which `test` failed in `failures` of `runs` attempts with `together`
/// at once (`atOnce`), or in order, and, with `retryPassed`, passed when it ran again alone
/// (else failed again, as `end`).
func evidence(
  failedOnce test: TestName = SimulatedFlakyTest.victim,
  together: [TestName] = SimulatedFlakyTest.earlier + [SimulatedFlakyTest.victim],
  atOnce: Bool = true, processes: Bool = false, failures: Int = 1, runs: Int = 1,
  end: TestEnd = TestEnd(.failed, failure: "boom"), retryPassed: Bool = true
) -> RunEvidence {
  var attempts: [TestRecord.Attempt] = []
  for index in 0..<runs {
    attempts.append(
      TestRecord.Attempt(
        repetition: index + 1, end: index < failures ? end : TestEnd(.passed),
        beside: atOnce ? together.filter { $0 != test } : []))
  }
  attempts.append(
    TestRecord.Attempt(repetition: runs, end: retryPassed ? TestEnd(.passed) : end, alone: true))
  return RunEvidence(
    attempts: attempts, of: test, together: together, ranAtOnce: atOnce,
    processesOfTheirOwn: processes)
}

/// Why the simulated victim of `runner` failed, as `--explain` decides it with `budget`, on a
/// machine in UTC, from `evidence`.
func explain(
  _ runner: SimulatedFlakyTest, budget: Duration = .seconds(60),
  evidence: RunEvidence = evidence()
) async throws -> TestCause {
  var explainer = Explainer(runner: runner, budget: budget)
  explainer.machineZone = "UTC"
  return try await explainer.explain(SimulatedFlakyTest.victim, evidence: evidence)
}
