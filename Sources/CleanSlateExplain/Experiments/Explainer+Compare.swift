import CleanSlate
import CleanSlateTrace
import Foundation

extension Explainer {
  /// The two conditions of one pair of runs: with the factor, and without.
  struct Arms {
    var factor: RunCondition
    var baseline: RunCondition
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

  /// Runs pairs — one run of `next`'s factor arm and one of its baseline arm, in an order drawn
  /// from `random` — until the comparison decides, the runs the budget allows cannot decide it,
  /// `patience` pairs went by without one whose two runs disagreed (the test does not fail here
  /// as often as the run says it fails), or `next` gives no arms (it sees the comparison so far,
  /// and may change the arms: a group that grows).
  func compare(
    _ trial: Trial<Runner>, alpha: Double, direction: PairedComparison.Direction,
    patience: Int, random: inout SeededRandomNumberGenerator,
    next: (
      _ comparison: PairedComparison?,
      _ last: (Trial<Runner>.Observation, Trial<Runner>.Observation)?
    ) -> Arms?
  ) async throws -> Compared {
    var comparison: PairedComparison?
    var last: (Trial<Runner>.Observation, Trial<Runner>.Observation)?
    while let arms = next(comparison, last) {
      let pair: (factor: Trial<Runner>.Observation, baseline: Trial<Runner>.Observation)
      do {
        if Bool.random(using: &random) {
          let factor = try await trial.run(arms.factor)
          pair = (factor, try await trial.run(arms.baseline))
        } else {
          let baseline = try await trial.run(arms.baseline)
          pair = (try await trial.run(arms.factor), baseline)
        }
      } catch is OutOfBudget {
        // The budget is spent: the final test decides on the pairs that ran.
        let ended =
          comparison ?? PairedComparison(alpha: alpha, direction: direction, maximumPairs: 1)
        return Compared(
          comparison: ended,
          decision: comparison == nil ? .futile : ended.decision(pairsLeft: 0), budgetRanOut: true
        )
      }
      let cost = pair.factor.seconds + pair.baseline.seconds
      if comparison == nil {
        // The most pairs the budget allows, as the first pair cost.
        let affordable = Int(trial.secondsLeft / max(cost, 1e-6))
        comparison = PairedComparison(
          alpha: alpha, direction: direction, maximumPairs: 1 + max(0, affordable))
      }
      comparison!.add(factorFailed: pair.factor.failed, baselineFailed: pair.baseline.failed)
      last = pair
      if comparison!.forTheFactor + comparison!.againstTheFactor == 0,
        comparison!.pairs >= patience
      {
        return Compared(comparison: comparison!, decision: .futile)
      }
      let left = Int(trial.secondsLeft / max(cost, 1e-6))
      let decision = comparison!.decision(pairsLeft: left)
      guard decision == .undecided else {
        return Compared(comparison: comparison!, decision: decision)
      }
    }
    return Compared(
      comparison: comparison
        ?? PairedComparison(alpha: alpha, direction: direction, maximumPairs: 1),
      decision: .futile)
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
  var patience: Int {
    if failedEveryTime { return 4 }
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
