import CleanSlate
import Testing

@testable import CleanSlateExplain

/// Rule "A cause is a claim": the sequential comparison behind every experiment: a factor that makes no difference is named
/// with a chance of at most its alpha, counted exactly; a factor that decides every run is named
/// within a dozen pairs; a rare one at the end, with every pair the budget allowed; and it gives
/// up when the runs cannot show it.
@Suite struct PairedComparisonTests {
  @Test(arguments: [(0.0075, 50), (0.0075, 300), (0.001, 300), (0.005, 1000)])
  func aFairCoinReachesTheThresholdWithAtMostItsShareOfAlpha(alpha: Double, pairs: Int) {
    // Given the threshold of the part of alpha spent as it goes, for `pairs` pairs
    let share = alpha * PairedComparison.spentAsItGoes
    let threshold = PairedComparison.threshold(alpha: share, twoSided: false, pairs: pairs)

    // Then a fair coin reaches it within those pairs (every one disagreeing, the worst case) with
    // a chance of at most that part, and almost all of it
    let chance = PairedComparison.crossingChance(of: threshold, twoSided: false, within: pairs)
    #expect(chance <= share)
    #expect(chance >= share / 2, "\(chance)")
  }

  @Test func aFactorThatDecidesEveryRunIsNamedWithinADozenPairs() {
    // Given pairs in which the test fails with the factor and passes without, every time
    var comparison = PairedComparison(
      alpha: 0.0075, direction: .moreFailuresWithTheFactor, maximumPairs: 300)
    var pairs = 0
    while comparison.decision() == .undecided {
      comparison.add(factorFailed: true, baselineFailed: false)
      pairs += 1
    }

    // Then it is named, as soon as the pairs reach its threshold: within a dozen
    #expect(comparison.decision() == .significant(factorMakesItPass: false))
    #expect(pairs <= 12)
  }

  @Test func aRareFactorIsNamedByTheFinalTestWithEveryPairTheBudgetAllowed() {
    // Given 300 pairs, of which 12 disagreed for the factor and 1 against: short of the threshold
    // as it goes, past the final sign test's
    var comparison = PairedComparison(
      alpha: 0.0075, direction: .moreFailuresWithTheFactor, maximumPairs: 400)
    for index in 0..<300 {
      comparison.add(factorFailed: index % 25 == 3, baselineFailed: index == 10)
    }

    // Then it is undecided while pairs are left, and named once none is
    #expect(comparison.forTheFactor == 12 && comparison.againstTheFactor == 1)
    #expect(comparison.decision(pairsLeft: 100) == .undecided)
    #expect(comparison.decision(pairsLeft: 0) == .significant(factorMakesItPass: false))
  }

  @Test func itGivesUpWhenTheRunsGoAgainstTheFactorOrCannotReachEitherTest() {
    // Given pairs that go against the factor
    var against = PairedComparison(
      alpha: 0.0075, direction: .moreFailuresWithTheFactor, maximumPairs: 300)
    for _ in 0..<10 { against.add(factorFailed: false, baselineFailed: true) }
    // And pairs for it, with no pair left to reach either test
    var short = PairedComparison(
      alpha: 0.0075, direction: .moreFailuresWithTheFactor, maximumPairs: 300)
    for _ in 0..<3 { short.add(factorFailed: true, baselineFailed: false) }

    // Then both give up
    #expect(against.decision() == .futile)
    #expect(short.decision(pairsLeft: 2) == .futile)
    #expect(short.decision(pairsLeft: 20) == .undecided)
  }

  @Test func aTwoSidedComparisonSaysWhichWayTheFactorPushes() {
    var passes = PairedComparison(alpha: 0.0075, direction: .either, maximumPairs: 300)
    while passes.decision() == .undecided { passes.add(factorFailed: false, baselineFailed: true) }

    #expect(passes.decision() == .significant(factorMakesItPass: true))
  }

  @Test func theSignTestIsTheFairCoinsTail() {
    #expect(PairedComparison.signTest(0, of: 10) == 1)
    #expect(abs(PairedComparison.signTest(10, of: 10) - 1.0 / 1024) < 1e-12)
    #expect(abs(PairedComparison.signTest(8, of: 10) - 56.0 / 1024) < 1e-12)
  }
}
