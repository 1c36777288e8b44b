import CleanSlate
import CleanSlateBisect
import CleanSlateReport
import CleanSlateRunner
import CleanSlateTestProcess

/// A runner of a simulated suite in which one test, `Suite/victim`, is flaky for one reason,
/// counting the runs it makes: what `--explain` is told apart by, without building a package.
struct SimulatedFlakyTest: ExperimentRunner {
  /// Why the victim fails.
  enum Reason: Sendable {
    /// After `polluter`, which leaves `state` (the sentinel's reports; `nil`: not watched).
    case order(polluter: String, state: [String]?)
    /// With any run seed of `failing`; the machine's seed is 19.
    case seed(failing: Set<UInt64>)
    /// In any zone but those of `passing`; the machine's is UTC.
    case timeZone(passing: Set<String>)
    /// When run at once with `partner`.
    case parallel(partner: String)
    /// When run at once with `partner`, with `failure`; the sentinel, watching, saw `partner`
    /// leave `state` (`nil`: not watched) and the other tests leave nothing.
    case sharing(partner: String, state: [String]?, failure: String)
    /// Without deterministic hashing, in the runs `seededFails` picks (by number), each failure
    /// naming the order of the run (unless `namesTheOrder` is false: Swift Testing's XUnit file
    /// names no value); with it, always (`fixedFails`) or never.
    case hashOrder(
      fixedFails: Bool, seededFails: @Sendable (Int) -> Bool, namesTheOrder: Bool = true)
    /// When the CPU is busy.
    case load
    /// In two of every five runs, whatever the conditions.
    case intrinsic
    /// In the runs of `window` (by number, from 1), when another process holds the machine,
    /// whatever the conditions.
    case busyMachine(window: ClosedRange<Int>)
    /// In half the runs, at random, drawn from `seed`.
    case random(seed: UInt64)
    /// In its argument case `failing` only (of a parameterized test), in one run of three.
    case parameterized(failing: String)
    /// Always.
    case failing
    /// Never again.
    case never
  }

  static let victim = "Suite.Tests/victim"
  static let earlier = (1...6).map { "Suite.Tests/test\($0)" }

  let reason: Reason
  /// Whether the explained run ran the tests at the same time.
  var atOnce = true
  /// Every run: its tests and condition.
  let runs = Locked<[(tests: [String], condition: ExperimentCondition)]>([])
  /// How long a run takes, from run `slowFrom` on (by number, from 1).
  var duration: Duration = .zero
  var slowFrom = 1
  /// Whether tests run at once each run in a process of its own.
  var inProcessesOfTheirOwn = false

  func ranAtOnce(_ test: String) -> Bool { atOnce }

  func runsAtOnceInProcessesOfTheirOwn(_ test: String) -> Bool { inProcessesOfTheirOwn }

  func run(
    _ tests: [String], victim: String, in condition: ExperimentCondition
  ) async throws -> ExperimentRun {
    let number = runs.withLock { runs in
      runs.append((tests, condition))
      return runs.count
    }
    if duration > .zero, number >= slowFrom { try await Task.sleep(for: duration) }
    let failed: Bool
    var failure = "boom"
    var run = ExperimentRun(passed: true)
    switch reason {
    case let .order(polluter, state):
      failed = tests.dropLast().contains(polluter)
      if let state, condition.watchesState, tests.contains(polluter) {
        run.leftBehind = [polluter: state]
      }
    case let .seed(failing):
      let seed = condition.seed ?? 19
      failed = failing.contains(seed)
      run.drewFromSeededRandom = true
      run.seed = String(seed)
    case let .timeZone(passing):
      failed = !passing.contains(condition.timeZone ?? "UTC")
    case let .parallel(partner):
      failed = condition.atOnce && tests.contains(partner)
      run.beside = condition.atOnce ? [partner] : []
    case let .sharing(partner, state, message):
      failed = condition.atOnce && tests.contains(partner)
      failure = message
      run.beside = condition.atOnce ? [partner] : []
      if let state, condition.watchesState {
        run.leftBehind = Dictionary(uniqueKeysWithValues: tests.map { ($0, []) })
        run.leftBehind[partner] = state
      }
    case let .hashOrder(fixedFails, seededFails, namesTheOrder):
      failed = condition.deterministicHashing ? fixedFails : seededFails(number)
      if namesTheOrder { failure = "order \(condition.deterministicHashing ? 1 : number)" }
    case let .parameterized(failingCase):
      let runsIt = condition.testCase.map { $0.hasSuffix("(\(failingCase))") } ?? true
      failed = runsIt && number % 3 == 1
      run.failedCases = failed ? [failingCase] : []
    case .load: failed = condition.busy
    case .intrinsic: failed = number % 5 < 2
    case let .busyMachine(window): failed = window.contains(number)
    case let .random(seed):
      failed = SeededRandomNumberGenerator(seed: seed &+ UInt64(number) &* 7919).next() % 2 == 0
    case .failing: failed = true
    case .never: failed = false
    }
    run.passed = !failed
    run.failure = failed ? failure : nil
    run.command = SwiftTestInvocation(
      environment: (condition.testCase.map { [.init(name: "CLEANSLATE_TEST_CASE", value: $0)] }
        ?? [])
        + (condition.deterministicHashing
          ? [.init(name: "SWIFT_DETERMINISTIC_HASHING", value: "1")] : []),
      arguments: ["test", "--filter", tests.joined(separator: "|")])
    return run
  }
}

/// Why the simulated victim of `runner` failed, as `--explain` decides it with `budget`, on a
/// machine in UTC: the victim after ``SimulatedFlakyTest/earlier``, all of them its process's
/// tests.
func explain(
  _ runner: SimulatedFlakyTest, budget: Duration = .seconds(60)
) async throws -> TestCause {
  var explainer = Explainer(runner: runner, budget: budget)
  explainer.machineZone = "UTC"
  return try await explainer.explain(
    SimulatedFlakyTest.victim, earlier: SimulatedFlakyTest.earlier,
    together: SimulatedFlakyTest.earlier + [SimulatedFlakyTest.victim])
}
