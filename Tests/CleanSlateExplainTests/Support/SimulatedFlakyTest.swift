import CleanSlate
import CleanSlateChildProcess
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation

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
    /// Its process crashes when any two of its tests run at once (each test's `configure`
    /// registering into one unlocked table): each other test at once with it crashes the process
    /// in `perTest` of the runs, in the code under test of one of the running tests.
    case crashAnyTwo(perTest: Double)
    /// Its process crashes only when tests run at once, the more often the more of them run: in
    /// `whole` of the runs of all `of` tests, in `three` of those of three, and between the two
    /// as the log of the chance to pass falls with each test more (a race in code each test's
    /// setup runs); its crashed thread in the code under test of one of the running tests,
    /// whose frame pins it. Never in order.
    case crashGrowing(whole: Double, three: Double, of: Int)
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
    /// At `rate`, timed out at its limit of 20 s, whatever the conditions.
    case hangAtRandom(rate: Double)
    /// Never again.
    case never
  }

  static let victim: TestName = "Suite.Tests/victim"
  static let earlier: [TestName] = (1...6).map { TestName("Suite.Tests/test\($0)") }

  let reason: Reason
  /// What one run costs on the simulated clock, and what each test it runs adds.
  var secondsPerRun: Duration = .milliseconds(100)
  var secondsPerTest: Duration = .zero
  /// What a run whose process crashed adds: the time its crash report takes.
  var secondsPerCrash: Duration = .zero
  /// Every run: its condition, and the one argument case it ran.
  let runs = Locked<[(condition: RunCondition, testCase: String?)]>([])
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

  /// A run, on the simulated clock: it never suspends. (Thousands of simulated explanations run on
  /// a thread of their own, ``SimulationExecutor``, one after another: each holds only its own
  /// runs in memory, and none holds the cooperative pool's threads from the tests beside them.)
  func run(_ condition: RunCondition, of test: TestName, testCase: String?) async throws -> Launch {
    let number = runs.withLock { runs in
      runs.append((condition, testCase))
      return runs.count
    }
    let tests = condition.tests(with: test)
    clock.withLock { $0 += secondsPerRun + secondsPerTest * tests.count }
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
        // The crashed thread is one of the pair's, whose frames name its test.
        let crashed = draw(0.5) ? test : partner
        crash = Self.crash(
          running: [test, partner] + pick(2, of: others.filter { $0 != partner }), in: crashed)
      }
    case let .crashAtRandom(rate):
      if draw(condition.atOnce ? rate : 0) {
        outcome = .crashed
        crash = Self.crash(running: [test] + pick(3, of: others))
      }
    case let .crashAnyTwo(perTest):
      let chance = condition.atOnce ? 1 - pow(1 - perTest, Double(others.count)) : 0
      if draw(chance) {
        outcome = .crashed
        let running = random.withLock { tests.shuffled(using: &$0) }
        crash = Self.crash(running: running, in: running.first)
      }
    case let .crashGrowing(whole, three, count):
      guard condition.atOnce, tests.count > 1 else { break }
      let share = Double(tests.count - 3) / Double(max(1, count - 3))
      let pass = exp(log(1 - three) + share * (log(1 - whole) - log(1 - three)))
      if draw(1 - pass) {
        outcome = .crashed
        let running = random.withLock { Array(tests.shuffled(using: &$0).prefix(8)) }
        crash = Self.crash(running: running, in: running.first)
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
    case let .hangAtRandom(rate):
      if draw(rate) {
        outcome = .timedOut
        failure = "timed out after 20 seconds"
        clock.withLock { $0 += .seconds(20) }
      }
    case .never: break
    }
    if crash != nil {
      // A crashed process ends no test scope: its trace shows none beside the test.
      beside = [:]
      clock.withLock { $0 += secondsPerCrash }
    }
    let end: TestEnd
    if let crash {
      end = TestEnd(.crashed, failure: crash.failure(of: test), crash: crash)
    } else if outcome == .timedOut {
      end = TestEnd(.timedOut, failure: failure)
    } else {
      end = failure.map { TestEnd(.failed, failure: $0) } ?? TestEnd(.passed)
    }
    var ends: [TestName: TestEnd] = [:]
    if crash == nil { ends[test] = end }
    // (the trace's facts matter where the test failed, or drew, or left state)
    let traced =
      end.isFailure || !seededRandom.isEmpty || !leftBehind.isEmpty
      ? TraceFacts(
        seededRandom: seededRandom, seeds: seeds, beside: beside, leftBehind: leftBehind,
        failedCases: failedCases) : nil
    return Launch(
      command: command(of: condition, test: test, testCase: testCase),
      ends: ends, crashes: crash.map { [$0] } ?? [], traced: traced)
  }

  /// The command of a run of `condition`: its variables, `--no-parallel` unless at once, and its
  /// tests.
  func command(
    of condition: RunCondition, test: TestName, testCase: String?
  ) -> SwiftTestInvocation {
    var variables: [SwiftTestInvocation.Variable] = []
    if let testCase { variables.append(.init(name: "CLEANSLATE_TEST_CASE", value: testCase)) }
    if condition.deterministicHashing {
      variables.append(.init(name: "SWIFT_DETERMINISTIC_HASHING", value: "1"))
    }
    if let seed = condition.seed {
      variables.append(.init(name: "CLEANSLATE_SEED", value: String(seed)))
    }
    if let zone = condition.timeZone { variables.append(.init(name: "TZ", value: zone)) }
    return SwiftTestInvocation(
      environment: variables,
      arguments: ["test"] + (condition.atOnce ? [] : ["--no-parallel"])
        + ["--filter", condition.tests(with: test).map(\.listed).joined(separator: "|")])
  }

  /// `count` of `tests`, drawn at random: the tests that happened to run beside a crash.
  private func pick(_ count: Int, of tests: [TestName]) -> [TestName] {
    random.withLock { Array(tests.shuffled(using: &$0).prefix(count)) }
  }

  /// A crash of a process running `running`, its crashed thread in the code under test:
  /// `withApp(_:)` → `configure(_:)` → `routes(_:)` → `RouteRegistry.register(_:)`, under the
  /// function of `crashed` when given (its frames pin the crash on it).
  static func crash(running: [TestName], in crashed: TestName? = nil) -> TestCrash {
    let backtrace = backtraces.withLock { known in
      if let parsed = known[crashed] { return parsed }
      let parsed = CrashBacktrace(standardError: standardError(in: crashed))
      known[crashed] = parsed
      return parsed
    }
    var crash = TestCrash(termination: .signalled(11), running: running, backtrace: backtrace)
    if let crashed, running.contains(crashed), let frame = backtrace?.frame(namingOneOf: [crashed])
    {
      crash.pin(on: crashed, by: .frame(frame.frame))
    }
    return crash
  }

  /// The parsed backtraces, by the test whose function is on the crashed thread.
  private static let backtraces = Locked<[TestName?: CrashBacktrace?]>([:])

  /// What the runtime writes of such a crash.
  private static func standardError(in crashed: TestName?) -> String {
    let test =
      crashed.map {
        "\n    5 [ra] 0x0000000000000006 \($0.functionNames[0]) + 90 in T.xctest at /src/Tests.swift:7:5"
      } ?? ""
    return """
      *** Signal 11: Backtracing from 0x1... done ***

      *** Program crashed: Bad pointer dereference at 0x0000000000000000 ***

      Thread 3 crashed:

        0      0x0000000000000001 _NativeDictionary.insertNew(key:value:) + 12 in libswiftCore.so
        1 [ra] 0x0000000000000002 RouteRegistry.register(_:) + 34 in T.xctest at /src/RouteRegistry.swift:9:5
        2 [ra] 0x0000000000000003 routes(_:) + 56 in T.xctest at /src/routes.swift:12:3
        3 [ra] 0x0000000000000004 configure(_:) + 78 in T.xctest at /src/configure.swift:20:3
        4 [ra] 0x0000000000000005 withApp(_:) + 12 in T.xctest at /src/Tests.swift:3:5\(test)
        6 [ra] [system] 0x0000000000000007 closure #1 in Runner.run() in libTesting.so

      """
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
