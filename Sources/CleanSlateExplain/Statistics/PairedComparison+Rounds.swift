import Foundation

extension PairedComparison {
  /// One round of a comparison: some runs with the factor and some without, in an order drawn at
  /// random, and how many of each failed. A pair is a round of one run each.
  ///
  /// When one arm costs much more than the other, a round runs the cheap one more often (two or
  /// three runs of it, one of the other): each second then buys more evidence than a pair.
  package struct Round: Sendable, Hashable {
    /// Runs with the factor, and how many failed.
    package var factorRuns: Int
    package var factorFailures: Int
    /// Runs without it, and how many failed.
    package var baselineRuns: Int
    package var baselineFailures: Int

    package init(factorRuns: Int, factorFailures: Int, baselineRuns: Int, baselineFailures: Int) {
      self.factorRuns = factorRuns
      self.factorFailures = factorFailures
      self.baselineRuns = baselineRuns
      self.baselineFailures = baselineFailures
    }

    /// Its runs.
    package var runs: Int { factorRuns + baselineRuns }
    /// Its failed runs.
    package var failures: Int { factorFailures + baselineFailures }
    /// Whether it is a pair: one run each.
    package var isPair: Bool { factorRuns == 1 && baselineRuns == 1 }

    /// The log of the ratio of its outcome's chance when the factor multiplies the odds of failing
    /// by the ``PairedComparison/alternative``'s (Fisher's noncentral hypergeometric distribution),
    /// to its chance when the factor makes no difference (the hypergeometric one): given how many
    /// of its runs failed, which of them did. A pair that disagrees gives `log(2 × 0.85)` for the
    /// factor and `log(2 × 0.15)` against it; a round whose runs all failed or all passed, 0.
    package var logRatio: Double {
      Self.logRatio(
        factorFailures: factorFailures, of: failures, factorRuns: factorRuns,
        baselineRuns: baselineRuns)
    }

    /// The largest ``logRatio`` a round of its shape can give: every run with the factor failing,
    /// none without.
    var bestLogRatio: Double {
      Self.logRatio(
        factorFailures: factorRuns, of: factorRuns, factorRuns: factorRuns,
        baselineRuns: baselineRuns)
    }

    /// The odds ratio of the alternative: a pair that disagrees goes for the factor with chance
    /// ``PairedComparison/alternative``.
    static var odds: Double { alternative / (1 - alternative) }

    static func logRatio(
      factorFailures x: Int, of total: Int, factorRuns a: Int, baselineRuns b: Int
    ) -> Double {
      let weights = (0...total).map { k -> Double in
        guard k <= a, total - k <= b else { return 0 }
        return exp(logChoose(a, k) + logChoose(b, total - k) + Double(k) * log(odds))
      }
      let alternativeChance =
        exp(logChoose(a, x) + logChoose(b, total - x) + Double(x) * log(odds))
        / weights.reduce(0, +)
      let nullChance = exp(logChoose(a, x) + logChoose(b, total - x) - logChoose(a + b, total))
      return log(alternativeChance / nullChance)
    }

    /// The chance of each count of failures with the factor, given the round's shape and its
    /// failures, when the factor makes no difference.
    var nullDistribution: [Double] {
      let total = failures
      return (0...factorRuns).map { k in
        guard k <= total, total - k <= baselineRuns else { return 0 }
        return exp(
          Self.logChoose(factorRuns, k) + Self.logChoose(baselineRuns, total - k)
            - Self.logChoose(runs, total))
      }
    }

    static func logChoose(_ n: Int, _ k: Int) -> Double {
      guard k >= 0, k <= n else { return -.infinity }
      return lgamma(Double(n) + 1) - lgamma(Double(k) + 1) - lgamma(Double(n - k) + 1)
    }
  }

  /// The exact test, given each round's failures, of the failures with the factor: the chance,
  /// when the factor makes no difference, that the rounds' failures fall on the factor's runs at
  /// least as often as they did (and, with `best` rounds more of the last shape, each failing with
  /// the factor only). For pairs, the sign test.
  func stratifiedTest(best extra: Int = 0) -> Double {
    var distribution = [1.0]
    var observed = 0
    var all = rounds.map { ($0.key, $0.value) }
    if extra > 0, let shape = rounds.keys.first {
      let best = Round(
        factorRuns: shape.factorRuns, factorFailures: shape.factorRuns,
        baselineRuns: shape.baselineRuns, baselineFailures: 0)
      all.append((best, extra))
    }
    for (round, count) in all {
      let single = round.nullDistribution
      for _ in 0..<count {
        var next = [Double](repeating: 0, count: distribution.count + single.count - 1)
        for (i, p) in distribution.enumerated() where p > 0 {
          for (j, q) in single.enumerated() where q > 0 { next[i + j] += p * q }
        }
        distribution = next
        observed += round.factorFailures
      }
    }
    return min(1, distribution[min(observed, distribution.count - 1)...].reduce(0, +))
  }

  /// About how much the log ratio grows a round of `shape`, were the test to fail at
  /// `factorRate` with the factor and `baselineRate` without: what deciding would still take.
  static func expectedGain(
    of shape: Round, factorRate: Double, baselineRate: Double
  ) -> Double {
    var gain = 0.0
    for x in 0...shape.factorRuns {
      let px = binomial(x, of: shape.factorRuns, at: factorRate)
      for y in 0...shape.baselineRuns {
        let py = binomial(y, of: shape.baselineRuns, at: baselineRate)
        gain +=
          px * py
          * Round.logRatio(
            factorFailures: x, of: x + y, factorRuns: shape.factorRuns,
            baselineRuns: shape.baselineRuns)
      }
    }
    return gain
  }

  private static func binomial(_ k: Int, of n: Int, at p: Double) -> Double {
    exp(Round.logChoose(n, k)) * pow(p, Double(k)) * pow(1 - p, Double(n - k))
  }

  /// Whether the test failed in the runs of one arm and never in the other's.
  package var failedOnOneSideOnly: Bool { (factor.failures > 0) != (baseline.failures > 0) }

  /// The shape of most of its rounds.
  var usualShape: Round? { rounds.max { $0.value < $1.value }?.key }

  /// The log ratio it would still need to name the factor as it goes.
  var logRatioLeft: Double { max(0, threshold - logRatioSoFar) }
}
