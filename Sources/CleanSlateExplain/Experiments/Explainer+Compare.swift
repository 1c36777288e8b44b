import CleanSlate
import CleanSlateReport

extension Explainer {
  /// The two conditions of one pair of runs: with the factor, and without.
  struct Arms {
    var factor: RunCondition
    var baseline: RunCondition
  }

  /// What a comparison found: its state, and whether the budget ran out before it decided.
  struct Compared {
    var comparison: PairedComparison
    var budgetRanOut = false

    var significant: Bool {
      if case .significant = comparison.decision(pairsLeft: 1) { return true }
      return false
    }

    /// Whether it found the factor makes the test pass (two-sided comparisons).
    var factorMakesItPass: Bool {
      if case .significant(let pass) = comparison.decision(pairsLeft: 1) { return pass }
      return false
    }
  }

  /// Runs pairs — one run of `next`'s factor arm and one of its baseline arm, in an order drawn
  /// from `random` — until the comparison decides, the runs the budget allows cannot decide it,
  /// or `next` gives no arms (it sees the comparison so far, and may change the arms: a group
  /// that grows, a group narrowed).
  func compare(
    _ trial: Trial<Runner>, alpha: Double, direction: PairedComparison.Direction,
    random: inout SeededRandomNumberGenerator,
    next: (_ comparison: PairedComparison?, _ last: (Trial<Runner>.Observation, Trial<Runner>.Observation)?) -> Arms?
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
        return Compared(
          comparison: comparison
            ?? PairedComparison(alpha: alpha, direction: direction, maximumPairs: 1),
          budgetRanOut: true)
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
      let left = Int(trial.secondsLeft / max(cost, 1e-6))
      switch comparison!.decision(pairsLeft: left) {
      case .undecided: continue
      case .significant, .futile: return Compared(comparison: comparison!)
      }
    }
    return Compared(
      comparison: comparison ?? PairedComparison(alpha: alpha, direction: direction, maximumPairs: 1))
  }

  /// Whether a comparison that needs at least `pairs` pairs of runs costing `seconds` each fits
  /// the budget left; when not, notes why `experiment` is skipped.
  func fits(
    _ experiment: Experiment, pairs: Int, costing seconds: Double, _ trial: Trial<Runner>
  ) -> Bool {
    guard Double(pairs) * seconds > trial.secondsLeft else { return true }
    trial.skip(
      experiment,
      because:
        "it needs at least \(pairs * 2) runs of \(Hundredths.seconds(micros: seconds / 2 * 1e6)), and \(Hundredths.seconds(micros: trial.secondsLeft * 1e6)) of the budget were left"
    )
    return false
  }
}
