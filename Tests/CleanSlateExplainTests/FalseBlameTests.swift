import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import Foundation
import Testing

/// Rule "A cause is a claim": how often `--explain` blames a factor on a test that fails at random, whatever the conditions:
/// at most 1% of explanations, counted over the whole explanation — every experiment it made —
/// for tests that fail in 1% to half of their runs. Measured on 2,000 simulated explanations a
/// rate (200 in `swift test`: ``SimulatedClaim``), each test drawing its outcomes from a seed of
/// its own, at 0.1 s a run with the default budget.
@Suite struct FalseBlameTests {
  /// How many simulated explanations a rate.
  static let explanations = SimulatedClaim.explanations(2000)
  /// The claim.
  static let claim = SimulatedClaim.atMost(0.01)

  /// The causes of `count` tests that fail at `rate` at random, each from a seed of its own, the
  /// run having seen them fail once at once beside the tests of their process, then pass alone.
  static func causes(rate: Double, count: Int, seedBase: UInt64) async throws -> [TestCause.Kind] {
    try await withThrowingTaskGroup(of: TestCause.Kind.self) { group in
      for index in 0..<count {
        group.addTask(executorPreference: SimulationExecutor.shared) {
          let runner = SimulatedFlakyTest(
            reason: .random(rate: rate), seed: seedBase &+ UInt64(index) &* 7919)
          var explainer = Explainer(runner: runner)
          explainer.machineZone = "UTC"
          explainer.seed = UInt64(index)
          return try await explainer.explain(SimulatedFlakyTest.victim, evidence: evidence()).kind
        }
      }
      var kinds: [TestCause.Kind] = []
      for try await kind in group { kinds.append(kind) }
      return kinds
    }
  }

  /// The kinds that blame a factor.
  static let factors: Set<TestCause.Kind> = [
    .order, .seed, .timeZone, .parallel, .parallelProcesses, .hashOrder, .load,
  ]

  @Test(arguments: [0.01, 0.05, 0.2, 0.5])
  func aTestThatFailsAtRandomIsBlamedOnAFactorInAtMostOnePercentOfExplanations(
    rate: Double
  )
    async throws
  {
    // Given 2,000 tests (200 in `swift test`) that fail at `rate`, at random, whatever the
    // conditions
    // When each is explained with the default budget
    let kinds = try await Self.causes(
      rate: rate, count: Self.explanations, seedBase: UInt64(rate * 1000))

    // Then at most 1% of them are blamed on a factor
    let blamed = kinds.filter(Self.factors.contains)
    Figures.record(
      "false blame at \(rate): \(blamed.count) of \(kinds.count) \(Dictionary(grouping: blamed) { $0 }.mapValues(\.count))"
    )
    #expect(
      Self.claim.holds(blamed.count, of: kinds.count),
      "\(blamed.count) of \(kinds.count) blamed (\(Self.claim.description(of: kinds.count))): \(Dictionary(grouping: blamed) { $0 }.mapValues(\.count))"
    )
  }
}
