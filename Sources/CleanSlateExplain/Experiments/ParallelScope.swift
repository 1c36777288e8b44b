import CleanSlate
import CleanSlateTestProcess
import Foundation

/// The tests the parallel experiment runs with the explained test, and what their runs cost: the
/// run's selection of its process's tests (it among them), in the order they ran, priced from
/// the run's own durations.
struct ParallelScope: Sendable {
  /// The explained test.
  let test: TestName
  /// Every test the run ran with it, it among them, in the order they ran: the condition it
  /// failed in.
  let whole: [TestName]
  /// Whether tests at once run each in a process of its own (XCTest's under `--parallel`).
  let processes: Bool
  /// How long each test took in the run, in seconds, when known.
  let durations: [TestName: Double]
  /// How many rounds without a disagreement an experiment other than the lead makes.
  let patience: Int
  /// How many rounds a group narrowed to the tests a crash named gets to fail at once in.
  let growAfter: Int
  /// How many tests run at the same time at most: the machine's cores.
  let cores: Int

  /// The scope of `test`, from the run that saw `evidence`.
  init(test: TestName, evidence: RunEvidence) {
    self.test = test
    whole = evidence.together
    processes = evidence.processesOfTheirOwn
    durations = evidence.durations
    patience = evidence.patience
    growAfter = evidence.growAfter
    cores = ProcessInfo.processInfo.activeProcessorCount
  }

  /// The test with `partners`, in the order they ran.
  func tests(_ partners: [TestName]) -> [TestName] {
    whole.filter { $0 == test || partners.contains($0) }
  }

  /// `tests` at the same time, as the run ran them, the sentinel watching.
  func atOnce(_ tests: [TestName]) -> RunCondition {
    RunCondition(.atOnce(tests, processesOfTheirOwn: processes), watchesState: true)
  }

  /// `tests` one at a time, in order.
  func inOrder(_ tests: [TestName]) -> RunCondition {
    RunCondition(.inOrder(tests))
  }

  /// What a run of `tests` at once costs, as the run's durations tell: its longest test, or its
  /// tests' time shared by the cores.
  func atOnceSeconds(_ tests: [TestName]) -> Double {
    let seconds = tests.compactMap { durations[$0] }
    return max(seconds.max() ?? 0, seconds.reduce(0, +) / Double(max(1, cores)))
  }

  /// What a run of `tests` one at a time costs, as the run's durations tell: their durations added.
  func inOrderSeconds(_ tests: [TestName]) -> Double {
    tests.reduce(0) { $0 + (durations[$1] ?? 0) }
  }

  /// How many runs at once and in order a round of `tests` makes, as the run prices them.
  func shape(of tests: [TestName]) -> (factorRuns: Int, baselineRuns: Int) {
    shape(atOnce: atOnceSeconds(tests), inOrder: inOrderSeconds(tests))
  }

  /// How many runs at once and in order a round makes when a run at once costs `atOnce` seconds
  /// and one in order `inOrder`: a pair, unless one arm costs six times the other or more; then
  /// two runs of the cheap arm to one of the costly one (three from twelve times). A pair's
  /// threshold is exact and lower than a larger round's (``PairedComparison``): a larger round
  /// buys more evidence a second only when the costs are that far apart.
  func shape(atOnce: Double, inOrder: Double) -> (factorRuns: Int, baselineRuns: Int) {
    guard atOnce > 0, inOrder > 0 else { return (1, 1) }
    let ratio = inOrder / atOnce
    func runs(_ ratio: Double) -> Int { ratio >= 12 ? 3 : ratio >= 6 ? 2 : 1 }
    return ratio >= 1 ? (runs(ratio), 1) : (1, runs(1 / ratio))
  }

  /// The groups the lead comparison runs, the whole selection last: only it when half the budget
  /// left, `seconds`, buys the fewest pairs that could decide there (every one disagreeing), each
  /// priced from the run's durations — the condition it failed in is where it fails most often —
  /// so that the other half can name the tests it must run with (spent on the whole, it named
  /// twenty tests beside a test that shares a port with one). Else
  /// smaller groups first, each the test with some of the tests of its process in the order
  /// they ran: two of the tests running when its process crashed, then all of them (a crash two
  /// tests cause together comes back in a group of three, whose runs cost a second where a
  /// hundred tests' cost ten); else the other tests of its suite; then those with up to eight
  /// tests that ran beside its failures. A group too like the one before is left out.
  func ladder(evidence: RunEvidence, seconds: Double, alpha: Double) -> [[TestName]] {
    let pair = atOnceSeconds(whole) + inOrderSeconds(whole)
    let fewest = Double(Self.disagreeingPairs(alpha: alpha))
    guard pair * fewest * 2 > seconds, whole.count > 3 else { return [whole] }
    let running = evidence.crashes.flatMap(\.running).filter { $0 != test }
    let crashed = Set(running)
    let mates = Set(whole.filter { $0.suite == test.suite && $0 != test })
    let beside = Set(evidence.besideItsFailures.prefix(8))
    var firstTwo: [TestName] = []
    for partner in running where !firstTwo.contains(partner) && firstTwo.count < 2 {
      firstTwo.append(partner)
    }
    let smallest: [Set<TestName>] = crashed.count > 3 ? [Set(firstTwo)] : []
    var ladder: [Set<TestName>] = []
    for partners in smallest + [
      crashed.isEmpty ? mates : crashed, mates.union(beside).union(crashed),
    ]
    where !partners.isEmpty && partners.count < whole.count - 1 {
      if ladder.last.map({ partners.isSuperset(of: $0) && partners.count > $0.count }) ?? true {
        ladder.append(partners)
      }
    }
    return ladder.map { partners in tests(Array(partners)) } + [whole]
  }

  /// How many pairs that disagree, all for the factor, the final sign test at `alpha`'s share
  /// needs to name it: 8 at the lead's 0.75%.
  static func disagreeingPairs(alpha: Double) -> Int {
    let level = alpha * (1 - PairedComparison.spentAsItGoes)
    return (1...64).first { PairedComparison.signTest($0, of: $0) <= level } ?? 64
  }

  /// The tests of the scope other than the explained one that `crashes` are pinned on.
  func pinned(in crashes: [TestCrash]) -> [TestName] {
    var pinned: [TestName] = []
    for crash in crashes {
      guard let other = crash.test, other != test, whole.contains(other) else { continue }
      if !pinned.contains(other) { pinned.append(other) }
    }
    return pinned
  }
}
