import CleanSlateReport
import CleanSlateRunner
import Foundation
import Testing

/// How often `--explain` blames a factor on a test that fails at random, in half its runs: the
/// experiments that decide by a one-sided Fisher exact test at 2 % must blame such a test at most
/// that often. Measured on many simulated tests, each drawing its outcomes from a seed of its
/// own, with the rate's upper confidence bound held to 2 %.
@Suite struct FalseBlameTests {
  /// How many simulated tests are explained.
  static let trials: UInt64 = 2000

  /// The kinds each test was given, by seed.
  private func causes(inProcessesOfTheirOwn: Bool = false) async throws -> [TestCause.Kind] {
    var kinds: [TestCause.Kind] = []
    for seed in 1...Self.trials {
      var runner = SimulatedFlakyTest(reason: .random(seed: seed))
      runner.inProcessesOfTheirOwn = inProcessesOfTheirOwn
      var explainer = Explainer(runner: runner, budget: .seconds(60))
      explainer.machineZone = "UTC"
      let cause = try await explainer.explain(
        SimulatedFlakyTest.victim, earlier: SimulatedFlakyTest.earlier,
        together: SimulatedFlakyTest.earlier + [SimulatedFlakyTest.victim])
      kinds.append(cause.kind)
    }
    return kinds
  }

  @Test func aTestThatFailsAtRandomIsBlamedOnHashOrderAtMostTwoPercentOfTheTime() async throws {
    // Given 2000 tests that fail in half their runs at random, whatever the hashing
    // When each is explained
    let kinds = try await causes()

    // Then hash order is named for so few of them that, at 99 % confidence, its rate is at most
    // 2 %
    let blamed = kinds.count { $0 == .hashOrder }
    let bound = Self.upperBound(blamed, of: kinds.count, confidence: 0.99)
    #expect(bound <= Explainer<SimulatedFlakyTest>.significance, "\(blamed) blamed, bound \(bound)")
  }

  @Test func aTestThatFailsAtRandomIsBlamedOnWhatParallelTestsShareAtMostTwoPercent() async throws {
    // Given 2000 tests that fail in half their runs at random, in runs that run their tests at
    // once in one process, and 2000 in runs that run them in processes of their own
    // When each is explained
    let inProcess = try await causes()
    let inProcesses = try await causes(inProcessesOfTheirOwn: true)

    // Then parallel (in one process or across processes) is named for each at most 2 % of the
    // time, at 99 % confidence
    for (name, kinds) in [("in one process", inProcess), ("across processes", inProcesses)] {
      let blamed = kinds.count { $0 == .parallel || $0 == .parallelProcesses }
      let bound = Self.upperBound(blamed, of: kinds.count, confidence: 0.99)
      #expect(
        bound <= Explainer<SimulatedFlakyTest>.significance,
        "\(name): \(blamed) blamed, bound \(bound)")
    }
  }

  @Test(arguments: [(0, 2000, 0.0023), (10, 2000, 0.0100), (40, 2000, 0.0285)])
  func theUpperBoundIsClopperPearsons(blamed: Int, trials: Int, bound: Double) {
    #expect(abs(Self.upperBound(blamed, of: trials, confidence: 0.99) - bound) < 0.0002)
  }

  /// The Clopper-Pearson upper bound of a rate seen as `count` of `trials`, one-sided at
  /// `confidence`: the rate at which seeing `count` or fewer has a chance of 1 - `confidence`.
  static func upperBound(_ count: Int, of trials: Int, confidence: Double) -> Double {
    var low = Double(count) / Double(trials)
    var high = 1.0
    for _ in 0..<60 {
      let rate = (low + high) / 2
      if binomialAtMost(count, trials, rate) > 1 - confidence { low = rate } else { high = rate }
    }
    return high
  }

  /// The chance of at most `count` successes in `trials` at `rate`.
  private static func binomialAtMost(_ count: Int, _ trials: Int, _ rate: Double) -> Double {
    var sum = 0.0
    for k in 0...count {
      let logChoose =
        lgamma(Double(trials + 1)) - lgamma(Double(k + 1))
        - lgamma(Double(trials - k + 1))
      sum += exp(logChoose + Double(k) * log(rate) + Double(trials - k) * log1p(-rate))
    }
    return sum
  }
}
