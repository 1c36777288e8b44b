import Foundation

/// What one experiment on one test saw, counted: how many rounds of each shape and outcome ran
/// (``PairedComparison/Round``), in how many sessions. It is all a later session needs to go on
/// where this one stopped: the comparison's evidence, its likelihood ratio, and both arms' rates
/// follow from the counts.
///
/// A session's evidence is stored with the session (`cleanslate test --history`); the sessions
/// since the test's evidence last started afresh add up (``adding(_:)``) into the evidence the
/// next explanation starts from (``PriorEvidence``).
package struct ExperimentEvidence: Sendable, Hashable {
  /// How many rounds of each shape and outcome ran.
  package var rounds: [PairedComparison.Round: Int]
  /// In how many sessions they ran.
  package var sessions: Int

  /// Evidence of `rounds`, from `sessions` sessions.
  package init(rounds: [PairedComparison.Round: Int] = [:], sessions: Int = 1) {
    self.rounds = rounds.filter { $0.value > 0 }
    self.sessions = sessions
  }

  /// Whether no round ran.
  package var isEmpty: Bool { rounds.isEmpty }

  /// How often the test failed with the factor, in every round.
  package var factor: TestCause.Rate {
    rounds.reduce(.init(failures: 0, runs: 0)) { total, entry in
      total
        + .init(
          failures: entry.key.factorFailures * entry.value, runs: entry.key.factorRuns * entry.value
        )
    }
  }

  /// How often the test failed without it, in every round.
  package var baseline: TestCause.Rate {
    rounds.reduce(.init(failures: 0, runs: 0)) { total, entry in
      total
        + .init(
          failures: entry.key.baselineFailures * entry.value,
          runs: entry.key.baselineRuns * entry.value)
    }
  }

  /// Every run of every round.
  package var runs: Int { factor.runs + baseline.runs }

  /// The log likelihood ratio of every round, for the factor (``PairedComparison/Round/logRatio``):
  /// the product of the rounds' ratios is the comparison's evidence, over every session.
  package var logRatio: Double {
    rounds.reduce(0) { $0 + Double($1.value) * $1.key.logRatio }
  }

  /// The log likelihood ratio of every round for the factor making the test *pass*: each round
  /// with its arms swapped.
  package var logRatioAgainst: Double {
    rounds.reduce(0) { $0 + Double($1.value) * $1.key.swapped.logRatio }
  }

  /// Whether the factor's runs failed more often than the baseline's, as shares of each arm's
  /// runs.
  package var factorAhead: Bool {
    let factor = factor
    let baseline = baseline
    return factor.failures * max(1, baseline.runs) > baseline.failures * max(1, factor.runs)
  }

  /// This evidence and `other`'s together: their rounds and their sessions added.
  package func adding(_ other: ExperimentEvidence) -> ExperimentEvidence {
    ExperimentEvidence(
      rounds: rounds.merging(other.rounds, uniquingKeysWith: +), sessions: sessions + other.sessions
    )
  }

  // MARK: - Stored as text

  /// The rounds as one line of text, as the store keeps them: each shape as `factorRuns/failed,
  /// baselineRuns/failed:count`, separated by `;`, in a stable order — `1/1,1/0:3;1/0,1/0:240`.
  package var packed: String {
    rounds.sorted { Self.order($0.key).lexicographicallyPrecedes(Self.order($1.key)) }.map {
      round, count in
      "\(round.factorRuns)/\(round.factorFailures),\(round.baselineRuns)/\(round.baselineFailures):\(count)"
    }.joined(separator: ";")
  }

  /// The evidence of `sessions` sessions whose rounds `packed` gives (``packed``); `nil` when the
  /// text is not such a line, or names a round no comparison makes (more failures than runs, no
  /// runs, a count below one).
  package init?(packed: String, sessions: Int = 1) {
    var rounds: [PairedComparison.Round: Int] = [:]
    for entry in packed.split(separator: ";", omittingEmptySubsequences: true) {
      let parts = entry.split(separator: ":")
      guard parts.count == 2, let count = Int(parts[1]), count > 0 else { return nil }
      let arms = parts[0].split(separator: ",")
      guard arms.count == 2 else { return nil }
      let numbers = arms.map { $0.split(separator: "/").compactMap { Int($0) } }
      guard numbers.allSatisfy({ $0.count == 2 }) else { return nil }
      let (factorRuns, factorFailures) = (numbers[0][0], numbers[0][1])
      let (baselineRuns, baselineFailures) = (numbers[1][0], numbers[1][1])
      guard factorRuns > 0, baselineRuns > 0, (0...factorRuns).contains(factorFailures),
        (0...baselineRuns).contains(baselineFailures), factorRuns <= 64, baselineRuns <= 64
      else { return nil }
      let round = PairedComparison.Round(
        factorRuns: factorRuns, factorFailures: factorFailures, baselineRuns: baselineRuns,
        baselineFailures: baselineFailures)
      rounds[round, default: 0] += count
    }
    self.init(rounds: rounds, sessions: sessions)
  }

  private static func order(_ round: PairedComparison.Round) -> [Int] {
    [round.factorRuns, round.factorFailures, round.baselineRuns, round.baselineFailures]
  }
}

extension PairedComparison.Round {
  /// The round with its arms swapped: the baseline's runs as the factor's.
  var swapped: Self {
    Self(
      factorRuns: baselineRuns, factorFailures: baselineFailures, baselineRuns: factorRuns,
      baselineFailures: factorFailures)
  }
}
