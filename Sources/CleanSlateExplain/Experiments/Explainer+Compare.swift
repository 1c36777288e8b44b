import CleanSlate
import CleanSlateTrace
import Foundation

extension Explainer {
  /// The conditions of one round of runs: with the factor, and without, and how many runs of
  /// each a round makes (a pair: one each).
  struct Arms {
    var factor: RunCondition
    var baseline: RunCondition
    var factorRuns = 1
    var baselineRuns = 1
  }

  /// The runs of one round, each arm's in the order they ran.
  struct RanRound {
    var factor: [Trial<Runner>.Observation]
    var baseline: [Trial<Runner>.Observation]

    /// Whether a run with the factor failed.
    var factorFailed: Bool { factor.contains(where: \.failed) }
    /// Whether a run without it failed.
    var baselineFailed: Bool { baseline.contains(where: \.failed) }
    /// What the round cost, in seconds.
    var seconds: Double { (factor + baseline).map(\.seconds).reduce(0, +) }

    /// The round, as the comparison counts it.
    var counted: PairedComparison.Round {
      PairedComparison.Round(
        factorRuns: factor.count, factorFailures: factor.count(where: \.failed),
        baselineRuns: baseline.count, baselineFailures: baseline.count(where: \.failed))
    }
  }

  /// What a comparison found: its state, its decision, and whether the budget ran out before it
  /// decided as it went.
  struct Compared {
    var comparison: PairedComparison
    var decision: PairedComparison.Decision
    var budgetRanOut = false

    var significant: Bool {
      if case .significant = decision { return true }
      return false
    }

    /// Whether it found the factor makes the test pass (two-sided comparisons).
    var factorMakesItPass: Bool {
      if case .significant(let pass) = decision { return pass }
      return false
    }
  }

  /// Runs rounds — `next`'s runs with the factor and without, in an order drawn from `random` —
  /// until the comparison decides, the runs the budget allows cannot decide it, `patience` rounds
  /// went by without one whose runs disagreed (the test does not fail here as often as the run
  /// says it fails), or `next` gives no arms (it sees the comparison so far and the last round,
  /// and may change the arms: a group narrowed to the tests a crash named, or widened again).
  ///
  /// The comparison it ran is kept with the trial (``Trial/record(_:)``): what the experiment saw,
  /// even when it did not decide.
  func compare(
    _ trial: Trial<Runner>, alpha: Double, direction: PairedComparison.Direction,
    patience: Int, random: inout SeededRandomNumberGenerator,
    next: (_ comparison: PairedComparison?, _ last: RanRound?) -> Arms?
  ) async throws -> Compared {
    var comparison: PairedComparison?
    var last: RanRound?
    let prior = trial.priorOfTheComparisonStarting
    let spendsTheBudget = prior != nil && trial.lead == trial.experiment
    func ended(_ compared: Compared) -> Compared {
      trial.record(compared.comparison)
      return compared
    }
    while let arms = next(comparison, last) {
      let round: RanRound
      do {
        round = try await run(arms, trial, random: &random)
      } catch is OutOfBudget {
        // The budget is spent: the final test decides on the rounds that ran.
        let stopped =
          comparison
          ?? PairedComparison(
            alpha: alpha, direction: direction, maximumPairs: 1, pooledOver: prior)
        return ended(
          Compared(
            comparison: stopped,
            decision: comparison == nil ? .futile : stopped.decision(pairsLeft: 0),
            budgetRanOut: true))
      }
      let cost = round.seconds
      if comparison == nil {
        // The most rounds the budget allows, as the first round cost.
        let affordable = Int(trial.secondsLeft / max(cost, 1e-6))
        comparison = PairedComparison(
          alpha: alpha, direction: direction, maximumPairs: 1 + max(0, affordable),
          pooledOver: prior)
        comparison!.spendsTheBudget = spendsTheBudget
      }
      comparison!.add(round.counted)
      last = round
      if comparison!.forTheFactor + comparison!.againstTheFactor == 0,
        comparison!.pairs >= patience
      {
        return ended(Compared(comparison: comparison!, decision: .futile))
      }
      let left = Int(trial.secondsLeft / max(cost, 1e-6))
      let decision = comparison!.decision(pairsLeft: left)
      guard decision == .undecided else {
        return ended(Compared(comparison: comparison!, decision: decision))
      }
    }
    return ended(
      Compared(
        comparison: comparison
          ?? PairedComparison(
            alpha: alpha, direction: direction, maximumPairs: 1, pooledOver: prior),
        decision: .futile))
  }

  /// Runs one round of `arms`: a pair in an order drawn from `random`, or the round's runs
  /// shuffled.
  private func run(
    _ arms: Arms, _ trial: Trial<Runner>, random: inout SeededRandomNumberGenerator
  ) async throws -> RanRound {
    var round = RanRound(factor: [], baseline: [])
    var order =
      Array(repeating: true, count: arms.factorRuns)
      + Array(repeating: false, count: arms.baselineRuns)
    if arms.factorRuns == 1 && arms.baselineRuns == 1 {
      order = Bool.random(using: &random) ? [true, false] : [false, true]
    } else {
      order.shuffle(using: &random)
    }
    for withTheFactor in order {
      if withTheFactor {
        round.factor.append(try await trial.run(arms.factor))
      } else {
        round.baseline.append(try await trial.run(arms.baseline))
      }
    }
    return round
  }

  /// Whether the first `runs` runs of `experiment`, about `seconds` each as the run tells, fit
  /// the budget left; when not, notes why it is skipped, with the cost of one run. Once its first
  /// pair ran, the experiment measures what a pair costs and stops as soon as the pairs the budget
  /// still allows could not decide.
  func fits(
    _ experiment: Experiment, runs: Int, secondsEach seconds: Double, _ trial: Trial<Runner>
  ) -> Bool {
    guard Double(runs) * seconds > trial.secondsLeft else { return true }
    trial.skip(
      experiment,
      because:
        "a run of it costs about \(Hundredths.seconds(micros: seconds * 1e6)), and \(Hundredths.seconds(micros: trial.secondsLeft * 1e6)) of the budget were left: not enough for \(runs) runs"
    )
    return false
  }
}

extension RunEvidence {
  /// How many pairs of runs an experiment makes without one whose two runs disagree before it
  /// stops: enough that, were the test to fail as often as the run shows (``medianRate(of:)``),
  /// three failures would have come.
  ///
  /// For a test that failed every time, eight: a factor that makes it pass half the time (a
  /// two-element set's order) disagrees in half the pairs, and four quiet pairs in a row — one
  /// time in sixteen — had it called intrinsic; eight are one time in 256.
  var patience: Int {
    if failedEveryTime { return 8 }
    return Self.patience(at: rate)
  }

  /// How many pairs the experiment the run points at makes without one whose runs disagree
  /// before it stops: none, as long as the budget lasts. The rate the run shows may not be the
  /// rate its experiments see (a test's output read as it is printed, other work on the machine),
  /// and what the run pointed at is worth the budget; the others stop after ``patience``.
  func patience(lead: Bool) -> Int {
    lead && !failedEveryTime ? Int(Int32.max) : patience
  }

  /// How many pairs in a row a narrowed group (a suite's earlier tests, a few tests at once)
  /// runs without one that failed before it grows to every test: half the patience, three at
  /// least.
  var growAfter: Int { max(3, patience / 2) }

  private static func patience(at rate: TestCause.Rate) -> Int {
    let low = Self.medianRate(of: rate)
    return max(6, Int((3 / max(low, 0.001)).rounded(.up)))
  }

  /// The failure rate that `rate`'s count of failures, or more, would reach half the time: an
  /// estimate of the rate the run shows that does not flatter a test that failed once.
  static func medianRate(of rate: TestCause.Rate) -> Double {
    guard rate.failures > 0, rate.runs > 0 else { return 0 }
    var low = 0.0
    var high = Double(rate.failures) / Double(rate.runs)
    for _ in 0..<40 {
      let middle = (low + high) / 2
      if atLeast(rate.failures, of: rate.runs, at: middle) < 0.5 {
        low = middle
      } else {
        high = middle
      }
    }
    return low
  }

  /// The chance of `count` or more of `runs` at `rate`: the binomial distribution's upper tail.
  package static func atLeast(_ count: Int, of runs: Int, at rate: Double) -> Double {
    var below = 0.0
    var term = exp(Double(runs) * log1p(-rate))
    let odds = rate / max(1 - rate, 1e-12)
    for k in 0..<count {
      below += term
      let ratio = Double(runs - k) / Double(k + 1)
      term *= ratio * odds
    }
    return max(0, 1 - below)
  }
}
