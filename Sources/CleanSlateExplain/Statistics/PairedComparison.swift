import CleanSlate

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sequential comparison of two conditions of one test, run in rounds — a pair: one run with
/// the factor (arm A), one without (arm B), in an order drawn at random; or, when one arm costs
/// more than the other, a round of a few runs of the cheap arm and one of the costly one
/// (``Round``) — that says as soon as the runs show the factor makes the test fail, or that they
/// cannot within the runs left.
///
/// Only the pairs whose two runs disagree count: A failed and B passed (for the factor), or B
/// failed and A passed (against it). When the factor makes no difference, each such pair goes
/// either way with the same chance, whatever the test's failure rate and whatever else the
/// machine does meanwhile (the order within a pair is drawn at random, so load or drift falls on
/// both arms alike): the count for the factor is a fair coin's. A round of more runs counts the
/// same way: its runs are in an order drawn at random, so when the factor makes no difference,
/// which of its runs failed is a draw without replacement from its runs (a hypergeometric
/// distribution), whatever the test's rate and the machine's drift; the ratio of the chance of
/// that draw with the factor (Fisher's noncentral distribution at the odds of ``alternative``)
/// to its chance without is the round's evidence, and a pair's is the pair's above.
///
/// The chance ``alpha`` of naming a factor that makes no difference is spent in two parts:
/// - Two fifths as it goes: the likelihood ratio of "a pair that disagrees goes for the factor
///   with chance ``alternative``" against "with chance ½" (a sequential probability ratio test)
///   names the factor when it reaches a threshold that a fair coin reaches within
///   ``maximumPairs`` with a chance of at most that part (computed exactly). A factor that decides
///   the outcome every time is named in about a dozen pairs. With rounds of other shapes, the
///   threshold is Ville's bound, `log(1 / alpha)`, which holds for any rounds (the product of the
///   rounds' ratios is a martingale when the factor makes no difference).
/// - Three fifths at the end, once ``maximumPairs`` ran or the budget is spent: the exact sign
///   test of the pairs that disagreed (with other rounds, the exact test of the factor's failures
///   given each round's failures, ``stratifiedTest(_:)``). A factor that only raises a rare
///   failure's rate shows there, with every run the budget allowed.
///
/// Its state is its counts: each arm's runs and failures (``factor``, ``baseline``) and how many
/// rounds of each shape and outcome it saw (``rounds``), from which the ratio and the final test
/// follow.
///
/// It gives up as it goes when the ratio falls to 1/100 (the factor would have had to double the
/// odds to be missed), when both runs failed in each of the first six pairs (the test fails as
/// surely without the factor), or when even every pair left going for the factor could reach
/// neither.
///
/// A two-sided comparison (``Direction/either``) asks whether the factor changes the outcome
/// either way: half its weight on each direction.
///
/// **Pooled over sessions** (``init(alpha:direction:maximumPairs:pooledOver:)``), it starts from
/// the rounds of earlier sessions and decides on all of them together, by Ville's bound alone: the
/// product of every round's ratio, in every session, reaches `1 / alpha` with a chance of at most
/// `alpha` when the factor makes no difference, however many sessions look at it. It has no final
/// test (a test at a fixed number of runs, repeated each session, would spend ``alpha`` again
/// each time). It gives up when the pooled ratio falls to 1/100; unless it spends the budget
/// (``spendsTheBudget``, the experiment the run points at), it stops too when the runs the budget
/// allows cannot reach the bound; what it saw goes on in the next session.
package struct PairedComparison: Sendable, Equatable {
  /// Which way the factor is expected to push.
  package enum Direction: Sendable, Equatable {
    /// The test fails more often with the factor (A) than without (B).
    case moreFailuresWithTheFactor
    /// Either way: the factor changes the outcome.
    case either
  }

  /// Where the comparison stands.
  package enum Decision: Sendable, Equatable {
    /// More runs are needed.
    case undecided
    /// The runs show the factor makes the test fail (or, two-sided, changes its outcome: `pass`
    /// says the factor makes it pass).
    case significant(factorMakesItPass: Bool)
    /// The runs cannot show it: the ratio fell too low, or the pairs left cannot reach the
    /// threshold.
    case futile
  }

  /// The largest chance that a factor that makes no difference is named.
  package let alpha: Double
  /// How the factor is expected to push.
  package let direction: Direction
  /// The most pairs the comparison will run.
  package let maximumPairs: Int
  /// The chance, under the alternative, that a pair that disagrees goes for the factor.
  package static let alternative = 0.85
  /// The ratio, in natural log, at which the comparison gives up.
  package static let giveUpAt = -log(100.0)
  /// After how many pairs in which both runs failed, and no other, the comparison gives up.
  package static let failingEitherWay = 6

  /// Rounds where the factor's runs failed more often than the baseline's (pairs: A failed and B
  /// passed).
  package private(set) var forTheFactor = 0
  /// Rounds where the baseline's runs failed more often (pairs: B failed and A passed).
  package private(set) var againstTheFactor = 0
  /// Rounds where every run failed.
  package private(set) var bothFailed = 0
  /// Rounds where every run passed.
  package private(set) var bothPassed = 0
  /// Rounds where the runs of each arm failed as often as the other's, some failing, some not.
  private var even = 0
  /// How often the test failed with the factor, in every round.
  package private(set) var factor = TestCause.Rate(failures: 0, runs: 0)
  /// How often the test failed without it, in every round.
  package private(set) var baseline = TestCause.Rate(failures: 0, runs: 0)
  /// How many rounds of each shape and outcome ran: with the arms' counts, the comparison's whole
  /// state.
  package private(set) var rounds: [Round: Int] = [:]
  /// The log likelihood ratio of every round so far (``Round/logRatio``).
  package private(set) var logRatioSoFar = 0.0
  /// The threshold of the log likelihood ratio for pairs, for the part of ``alpha`` spent as it
  /// goes.
  private let pairThreshold: Double
  /// The part of ``alpha`` spent as it goes; the rest is the final sign test's.
  package static let spentAsItGoes = 0.4
  /// The rounds of earlier sessions it goes on from, when pooled: `nil` for a comparison of one
  /// session.
  package let prior: ExperimentEvidence?
  /// The log likelihood ratio of every round so far for the factor making the test pass (each
  /// round's arms swapped), earlier sessions' included when pooled.
  private var logRatioAgainstSoFar = 0.0
  /// Whether, pooled, it runs until it decides or the budget ends, even when the runs left cannot
  /// reach the bound this session: the experiment the run points at, whose rounds the next
  /// session goes on from.
  package var spendsTheBudget = false

  /// A comparison that names the factor with a chance of at most `alpha` when it makes no
  /// difference, within `maximumPairs` pairs.
  package init(alpha: Double, direction: Direction, maximumPairs: Int) {
    self.init(alpha: alpha, direction: direction, maximumPairs: maximumPairs, pooledOver: nil)
  }

  /// A comparison that goes on from `prior`, the rounds of earlier sessions, and names the factor
  /// with a chance of at most `alpha` over every session it is pooled over, when it makes no
  /// difference; within `maximumPairs` pairs this session. With `prior` `nil`, a comparison of
  /// one session (``init(alpha:direction:maximumPairs:)``).
  package init(
    alpha: Double, direction: Direction, maximumPairs: Int, pooledOver prior: ExperimentEvidence?
  ) {
    self.alpha = alpha
    self.direction = direction
    self.maximumPairs = max(1, maximumPairs)
    self.prior = prior
    pairThreshold =
      prior == nil
      ? Self.threshold(
        alpha: alpha * Self.spentAsItGoes, twoSided: direction == .either,
        pairs: max(1, maximumPairs)) : log(1 / alpha)
    logRatioSoFar = prior?.logRatio ?? 0
    logRatioAgainstSoFar = prior?.logRatioAgainst ?? 0
  }

  /// Whether it goes on from earlier sessions' rounds.
  package var isPooled: Bool { prior != nil }

  /// This session's rounds, as evidence to keep.
  package var evidence: ExperimentEvidence { ExperimentEvidence(rounds: rounds, sessions: 1) }

  /// Its rounds and those of the sessions it goes on from.
  package var pooledEvidence: ExperimentEvidence {
    prior.map { $0.adding(evidence) } ?? evidence
  }

  /// The log likelihood ratio of every round, earlier sessions' included, for the factor.
  package var pooledLogRatio: Double { logRatioSoFar }

  /// How many rounds (pairs, when every round is one) ran.
  package var pairs: Int { forTheFactor + againstTheFactor + bothFailed + bothPassed + even }

  /// Whether every round so far was a pair.
  package var onlyPairs: Bool { rounds.keys.allSatisfy(\.isPair) }

  /// The threshold of the log likelihood ratio, for the part of ``alpha`` spent as it goes: the
  /// exact one of pairs, or Ville's bound once a round of another shape ran.
  var threshold: Double {
    if isPooled { return pairThreshold }
    return onlyPairs ? pairThreshold : log(1 / (alpha * Self.spentAsItGoes))
  }

  /// Adds a pair: whether the test failed with the factor, and without.
  package mutating func add(factorFailed: Bool, baselineFailed: Bool) {
    add(
      Round(
        factorRuns: 1, factorFailures: factorFailed ? 1 : 0, baselineRuns: 1,
        baselineFailures: baselineFailed ? 1 : 0))
  }

  /// Adds a round.
  package mutating func add(_ round: Round) {
    let factorShare = round.factorFailures * round.baselineRuns
    let baselineShare = round.baselineFailures * round.factorRuns
    if round.failures == round.runs {
      bothFailed += 1
    } else if round.failures == 0 {
      bothPassed += 1
    } else if factorShare > baselineShare {
      forTheFactor += 1
    } else if factorShare < baselineShare {
      againstTheFactor += 1
    } else {
      even += 1
    }
    factor = factor + .init(failures: round.factorFailures, runs: round.factorRuns)
    baseline = baseline + .init(failures: round.baselineFailures, runs: round.baselineRuns)
    rounds[round, default: 0] += 1
    logRatioSoFar += round.logRatio
    // (only a pooled comparison decides on it; a session's own counts its pairs)
    if isPooled { logRatioAgainstSoFar += round.swapped.logRatio }
  }

  /// Where it stands, with `pairsLeft` more pairs that the budget allows (at most the maximum
  /// left): with none left, the final sign test decides.
  package func decision(pairsLeft: Int? = nil) -> Decision {
    // Both runs failed in every pair so far: without the factor it fails as surely as with it.
    if bothFailed >= Self.failingEitherWay, bothFailed == pairs { return .futile }
    if isPooled { return pooledDecision(pairsLeft: pairsLeft) }
    let up = onlyPairs ? Self.logRatio(forTheFactor, againstTheFactor) : logRatioSoFar
    let down = Self.logRatio(againstTheFactor, forTheFactor)
    switch direction {
    case .moreFailuresWithTheFactor:
      if up >= threshold { return .significant(factorMakesItPass: false) }
      if up <= Self.giveUpAt { return .futile }
    case .either:
      let either = Self.logMean(up, down)
      if either >= threshold { return .significant(factorMakesItPass: down > up) }
      if max(up, down) <= Self.giveUpAt { return .futile }
    }
    let left = max(0, min(pairsLeft ?? (maximumPairs - pairs), maximumPairs - pairs))
    guard left > 0 else {
      guard let pass = finalTest(forTheFactor, againstTheFactor) else { return .futile }
      return .significant(factorMakesItPass: pass)
    }
    // The best the pairs left can do: every one of them disagreeing the same way.
    let towardFailing = (forTheFactor + left, againstTheFactor)
    let towardPassing = (forTheFactor, againstTheFactor + left)
    let reachable: Bool
    switch direction {
    case .moreFailuresWithTheFactor where !onlyPairs:
      // Every round left of the last shape failing with the factor only.
      let best = rounds.keys.map(\.bestLogRatio).max() ?? 0
      reachable = up + Double(left) * best >= threshold || stratifiedTest(best: left) <= finalLevel
    case .moreFailuresWithTheFactor:
      reachable =
        Self.logRatio(towardFailing.0, towardFailing.1) >= threshold
        || finalTest(towardFailing.0, towardFailing.1) != nil
    case .either:
      reachable = [towardFailing, towardPassing].contains { hits, misses in
        Self.logMean(Self.logRatio(hits, misses), Self.logRatio(misses, hits)) >= threshold
          || finalTest(hits, misses) != nil
      }
    }
    return reachable ? .undecided : .futile
  }

  /// Where a pooled comparison stands: named when every round of every session reaches Ville's
  /// bound; given up when the pooled ratio falls to 1/100, or — unless it spends the budget — when
  /// the `pairsLeft` rounds this session could not reach the bound were each to go for the factor;
  /// else undecided, with the budget spent or not.
  private func pooledDecision(pairsLeft: Int?) -> Decision {
    let up = logRatioSoFar
    let down = logRatioAgainstSoFar
    switch direction {
    case .moreFailuresWithTheFactor:
      if up >= threshold { return .significant(factorMakesItPass: false) }
      if up <= Self.giveUpAt { return .futile }
    case .either:
      if Self.logMean(up, down) >= threshold { return .significant(factorMakesItPass: down > up) }
      if max(up, down) <= Self.giveUpAt { return .futile }
    }
    guard !spendsTheBudget else { return .undecided }
    let left = max(0, min(pairsLeft ?? (maximumPairs - pairs), maximumPairs - pairs))
    guard left > 0 else { return .undecided }
    let best = rounds.keys.map(\.bestLogRatio).max() ?? log(2 * Self.alternative)
    let reach = direction == .either ? max(up, down) - log(2.0) : up
    return reach + Double(left) * best >= threshold ? .undecided : .futile
  }

  /// The final sign test of `hits` pairs for the factor and `misses` against: `false` when the
  /// factor makes the test fail significantly more often, `true` (two-sided) when significantly
  /// less often, `nil` when neither.
  private func finalTest(_ hits: Int, _ misses: Int) -> Bool? {
    let level = finalLevel
    switch direction {
    case .moreFailuresWithTheFactor where !onlyPairs:
      return stratifiedTest() <= level ? false : nil
    case .moreFailuresWithTheFactor:
      return Self.signTest(hits, of: hits + misses) <= level ? false : nil
    case .either:
      let high = max(hits, misses)
      guard 2 * Self.signTest(high, of: hits + misses) <= level else { return nil }
      return misses > hits
    }
  }

  /// The part of ``alpha`` the final test spends.
  private var finalLevel: Double { alpha * (1 - Self.spentAsItGoes) }

  /// The chance that a fair coin comes up at least `hits` times in `flips`.
  static func signTest(_ hits: Int, of flips: Int) -> Double {
    guard flips > 0, hits > 0 else { return 1 }
    guard hits <= flips else { return 0 }
    let logFlips = lgamma(Double(flips) + 1) - Double(flips) * log(2.0)
    var total = 0.0
    for count in hits...flips {
      total += exp(logFlips - lgamma(Double(count) + 1) - lgamma(Double(flips - count) + 1))
    }
    return min(1, total)
  }

  // MARK: - The ratio

  /// The log likelihood ratio of `hits` pairs for and `misses` against, at ``alternative``.
  static func logRatio(_ hits: Int, _ misses: Int) -> Double {
    Double(hits) * log(2 * alternative) + Double(misses) * log(2 * (1 - alternative))
  }

  /// The log of the mean of two ratios given as logs.
  private static func logMean(_ a: Double, _ b: Double) -> Double {
    let high = max(a, b)
    return high + log((exp(a - high) + exp(b - high)) / 2)
  }

  // MARK: - The threshold

  private static let thresholds = Locked<[ThresholdKey: Double]>([:])

  private struct ThresholdKey: Hashable {
    var alpha: Double
    var twoSided: Bool
    var pairs: Int
  }

  /// The smallest log ratio that a fair coin reaches within `pairs` flips with a chance of at most
  /// `alpha` (every pair disagreeing is the worst case: fewer disagreeing pairs reach it less
  /// often). Past 1,000 pairs, the bound of Ville's inequality, `log(1 / alpha)`, which holds for
  /// any number (the ratio, and the mean of two, is a martingale under a fair coin).
  static func threshold(alpha: Double, twoSided: Bool, pairs: Int) -> Double {
    guard pairs <= 1000 else { return log(1 / alpha) }
    // Rounded up to a multiple of 50, so that nearby budgets share one computation.
    let key = ThresholdKey(alpha: alpha, twoSided: twoSided, pairs: (pairs + 49) / 50 * 50)
    if let known = thresholds.value[key] { return known }
    var low = 0.0
    var high = log(1 / alpha)
    for _ in 0..<24 {
      let middle = (low + high) / 2
      if crossingChance(of: middle, twoSided: twoSided, within: key.pairs) > alpha {
        low = middle
      } else {
        high = middle
      }
    }
    thresholds.withLock { $0[key] = high }
    return high
  }

  /// The chance that a fair coin's log ratio reaches `threshold` within `flips`.
  static func crossingChance(of threshold: Double, twoSided: Bool, within flips: Int) -> Double {
    // probabilities[k]: the chance of k flips for and the rest against, not yet crossed.
    var probabilities = [1.0]
    var crossed = 0.0
    for flip in 1...max(1, flips) {
      var next = [Double](repeating: 0, count: flip + 1)
      for (hits, chance) in probabilities.enumerated() where chance > 0 {
        next[hits + 1] += chance / 2
        next[hits] += chance / 2
      }
      for hits in 0...flip where next[hits] > 0 {
        let misses = flip - hits
        let ratio =
          twoSided
          ? logMean(logRatio(hits, misses), logRatio(misses, hits)) : logRatio(hits, misses)
        if ratio >= threshold {
          crossed += next[hits]
          next[hits] = 0
        }
      }
      probabilities = next
    }
    return crossed
  }
}
