import CleanSlate
import Foundation
import Testing

@testable import CleanSlateExplain

/// Rule "A cause is a claim", over sessions: a comparison pooled over sessions names a factor when
/// every session's rounds together reach Ville's bound — evidence no one session holds — and
/// keeps what it saw, as text a store holds, for the next.
@Suite struct PooledComparisonTests {
  /// A session's rounds: `for` pairs that failed with the factor only, `against` without it
  /// only, `quiet` in which both runs passed.
  static func session(for hits: Int, against misses: Int, quiet: Int) -> ExperimentEvidence {
    var rounds: [PairedComparison.Round: Int] = [:]
    rounds[.init(factorRuns: 1, factorFailures: 1, baselineRuns: 1, baselineFailures: 0)] = hits
    rounds[.init(factorRuns: 1, factorFailures: 0, baselineRuns: 1, baselineFailures: 1)] = misses
    rounds[.init(factorRuns: 1, factorFailures: 0, baselineRuns: 1, baselineFailures: 0)] = quiet
    return ExperimentEvidence(rounds: rounds)
  }

  /// A pooled comparison at 0.75% going on from `prior`, after `session`'s rounds.
  static func compared(
    after session: ExperimentEvidence, prior: ExperimentEvidence?
  ) -> PairedComparison {
    var comparison = PairedComparison(
      alpha: 0.0075, direction: .moreFailuresWithTheFactor, maximumPairs: 1000, pooledOver: prior)
    comparison.spendsTheBudget = true
    for (round, count) in session.rounds {
      for _ in 0..<count { comparison.add(round) }
    }
    return comparison
  }

  @Test func roundsNoSessionCouldDecideAloneDecideTogether() {
    // Given three sessions that each saw the test fail 4 times with its suite at once and never in
    // order, in 240 pairs
    let each = Self.session(for: 4, against: 0, quiet: 236)

    // When each is a comparison of its own, and when each goes on from the ones before
    let alone = Self.compared(after: each, prior: ExperimentEvidence(sessions: 0))
    let second = Self.compared(after: each, prior: each)
    let third = Self.compared(after: each, prior: each.adding(each))

    // Then none decides alone or with one before it, and the three together do
    #expect(alone.decision(pairsLeft: 0) == .undecided)
    #expect(second.decision(pairsLeft: 0) == .undecided)
    #expect(third.decision(pairsLeft: 0) == .significant(factorMakesItPass: false))
    #expect(third.pooledEvidence.factor == .init(failures: 12, runs: 720))
    #expect(third.pooledEvidence.sessions == 3)
  }

  @Test func aPooledComparisonDecidesByVillesBoundAloneWithNoFinalTest() {
    // Given 9 pairs for the factor and none against, in one session: the final sign test at a
    // fixed number of runs would name it (1 in 512), the bound of every session, 1/0.0075, not
    let rounds = Self.session(for: 9, against: 0, quiet: 100)
    var single = PairedComparison(
      alpha: 0.0075, direction: .moreFailuresWithTheFactor, maximumPairs: 109)
    for (round, count) in rounds.rounds { for _ in 0..<count { single.add(round) } }
    let pooled = Self.compared(after: rounds, prior: ExperimentEvidence(sessions: 0))

    // Then a session alone decides at its end; pooled, it goes on to the next session
    #expect(single.decision(pairsLeft: 0) == .significant(factorMakesItPass: false))
    #expect(pooled.decision(pairsLeft: 0) == .undecided)
    #expect(pooled.pooledLogRatio < log(1 / 0.0075))
  }

  @Test func aPooledComparisonThatDoesNotSpendTheBudgetStopsWhenTheRunsLeftCannotReachTheBound() {
    // Given a pooled comparison of an experiment the run did not point at, 2 pairs for, none
    // against
    var comparison = PairedComparison(
      alpha: 0.0005, direction: .moreFailuresWithTheFactor, maximumPairs: 1000,
      pooledOver: ExperimentEvidence(sessions: 0))
    comparison.add(factorFailed: true, baselineFailed: false)
    comparison.add(factorFailed: true, baselineFailed: false)

    // Then with 3 pairs left it gives up for this session, and with 30 it goes on
    #expect(comparison.decision(pairsLeft: 3) == .futile)
    #expect(comparison.decision(pairsLeft: 30) == .undecided)
  }

  @Test func priorRoundsAgainstTheFactorMakeItGiveUp() {
    // Given earlier sessions whose rounds went against the factor (its runs passed where the
    // baseline's failed) 5 times to 1
    let prior = Self.session(for: 1, against: 5, quiet: 50)

    // When a new session's comparison starts from them
    let comparison = Self.compared(after: ExperimentEvidence(), prior: prior)

    // Then it gives up at once: the pooled ratio is below 1/100
    #expect(comparison.decision(pairsLeft: 100) == .futile)
  }

  @Test func roundsAreKeptAsTextAndReadBackTheSame() {
    // Given rounds of three shapes
    var rounds: [PairedComparison.Round: Int] = [:]
    rounds[.init(factorRuns: 1, factorFailures: 1, baselineRuns: 1, baselineFailures: 0)] = 3
    rounds[.init(factorRuns: 2, factorFailures: 0, baselineRuns: 1, baselineFailures: 1)] = 1
    rounds[.init(factorRuns: 1, factorFailures: 0, baselineRuns: 1, baselineFailures: 0)] = 240
    let evidence = ExperimentEvidence(rounds: rounds)

    // When they are packed and read back
    let packed = evidence.packed
    let read = ExperimentEvidence(packed: packed)

    // Then the text is stable and says the same rounds
    #expect(packed == "00x240,10x3,0/2-1/1x1")
    #expect(read == evidence)
    #expect(ExperimentEvidence(packed: "")?.isEmpty == true)
  }

  @Test(arguments: ["20x3", "10x0", "10", "1/1x3", "a/b-c/dx1", "0/0-1/1x2", "2/1-0/1x1", "10x3;"])
  func textThatIsNotRoundsIsRefused(text: String) {
    // Given text that names a round no comparison makes, or is not rounds at all
    // Then it is not read as evidence
    #expect(ExperimentEvidence(packed: text) == nil)
  }

  @Test func thePooledSharesOfTheErrorBudgetAddUpToOnePercent() {
    // Given the shares of a sequence whose first session pointed at order
    let shares = PriorEvidence.shares(lead: .order)

    // Then order holds three quarters, and every experiment's share adds up to 1%
    #expect(abs(shares[.order]! - 0.0075) < 1e-12)
    #expect(abs(shares.values.reduce(0, +) - 0.01) < 1e-12)
    #expect(Set(shares.keys) == Set(PriorEvidence.pooledExperiments))
  }
}
