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

  /// The rounds as text, as the store keeps them, in a stable order: each shape and how many such
  /// rounds ran, `shape x count`, separated by commas. A pair's shape is its two outcomes, with the
  /// factor then without, `1` for failed: `10x3` is three pairs that failed with the factor only,
  /// `00x240` two hundred and forty that passed both. A round of other runs is `failed/runs` of
  /// each arm: `0/2-1/1x1`. So `00x240,10x3,0/2-1/1x1`.
  package var packed: String {
    rounds.sorted { Self.order($0.key).lexicographicallyPrecedes(Self.order($1.key)) }.map {
      round, count in
      let shape =
        round.isPair
        ? "\(round.factorFailures)\(round.baselineFailures)"
        : "\(round.factorFailures)/\(round.factorRuns)-\(round.baselineFailures)/\(round.baselineRuns)"
      return "\(shape)x\(count)"
    }.joined(separator: ",")
  }

  /// The evidence of `sessions` sessions whose rounds `packed` gives (``packed``); `nil` when the
  /// text is not such a line, or names a round no comparison makes (more failures than runs, no
  /// runs, a count below one).
  package init?(packed: String, sessions: Int = 1) {
    var rounds: [PairedComparison.Round: Int] = [:]
    for entry in packed.split(separator: ",", omittingEmptySubsequences: true) {
      let parts = entry.split(separator: "x")
      guard parts.count == 2, let count = Int(parts[1]), count > 0,
        let round = Self.round(parts[0])
      else { return nil }
      rounds[round, default: 0] += count
    }
    self.init(rounds: rounds, sessions: sessions)
  }

  /// The round a shape's text names: `10`, or `0/2-1/1`.
  private static func round(_ shape: Substring) -> PairedComparison.Round? {
    if shape.count == 2, shape.allSatisfy({ $0 == "0" || $0 == "1" }) {
      let outcomes = shape.map { $0 == "1" ? 1 : 0 }
      return PairedComparison.Round(
        factorRuns: 1, factorFailures: outcomes[0], baselineRuns: 1, baselineFailures: outcomes[1])
    }
    let arms = shape.split(separator: "-").map { $0.split(separator: "/").compactMap { Int($0) } }
    guard arms.count == 2, arms.allSatisfy({ $0.count == 2 }) else { return nil }
    let (factorFailures, factorRuns) = (arms[0][0], arms[0][1])
    let (baselineFailures, baselineRuns) = (arms[1][0], arms[1][1])
    guard (1...64).contains(factorRuns), (1...64).contains(baselineRuns),
      (0...factorRuns).contains(factorFailures), (0...baselineRuns).contains(baselineFailures)
    else { return nil }
    return PairedComparison.Round(
      factorRuns: factorRuns, factorFailures: factorFailures, baselineRuns: baselineRuns,
      baselineFailures: baselineFailures)
  }

  private static func order(_ round: PairedComparison.Round) -> [Int] {
    [round.factorRuns, round.baselineRuns, round.factorFailures, round.baselineFailures]
  }

  /// Several experiments' rounds as one text, by name: `hashOrder 00x19,10x1; parallel
  /// 00x231,10x3` (``packed`` for each).
  package static func packing(_ experiments: [Experiment: ExperimentEvidence]) -> String {
    experiments.filter { !$0.value.isEmpty }.sorted { $0.key.rawValue < $1.key.rawValue }.map {
      "\($0.key.rawValue) \($0.value.packed)"
    }.joined(separator: "; ")
  }

  /// The experiments' rounds `text` gives (``packing(_:)``), each of `sessions` sessions; an
  /// experiment this CleanSlate does not know (a newer one's) is left out. `nil` when the text is
  /// not such a line.
  package static func unpacking(
    _ text: String, sessions: Int = 1
  ) -> [Experiment: ExperimentEvidence]? {
    var experiments: [Experiment: ExperimentEvidence] = [:]
    for entry in text.split(separator: ";") {
      let parts = entry.split(separator: " ", omittingEmptySubsequences: true)
      guard parts.count == 2,
        let evidence = ExperimentEvidence(packed: String(parts[1]), sessions: sessions)
      else { return nil }
      guard let experiment = Experiment(rawValue: String(parts[0])) else { continue }
      experiments[experiment] = experiments[experiment].map { $0.adding(evidence) } ?? evidence
    }
    return experiments
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
