import CleanSlate
import CleanSlateExplain
import CleanSlateReport
import CleanSlateTestProcess
import Foundation
import Testing

/// `--explain` finds a factor that raises a test's failure rate from 2% to 10%, the one the run
/// points at, in at least 90% of simulated explanations with the default budget at 0.1 s a run:
/// the experiments run until their runs decide, hundreds of them when the test fails rarely.
@Suite struct FactorFoundTests {
  static let explanations = 300

  /// How many of `count` explanations of tests failing for `reason` named `kind`.
  static func found(
    _ kind: TestCause.Kind, count: Int, evidence: RunEvidence,
    reason: @escaping @Sendable () -> SimulatedFlakyTest.Reason
  ) async throws -> Int {
    try await withThrowingTaskGroup(of: Bool.self) { group in
      for index in 0..<count {
        group.addTask {
          let runner = SimulatedFlakyTest(reason: reason(), seed: UInt64(index) &* 104_729 &+ 11)
          var explainer = Explainer(runner: runner)
          explainer.machineZone = "UTC"
          explainer.seed = UInt64(index)
          let cause = try await explainer.explain(SimulatedFlakyTest.victim, evidence: evidence)
          return cause.kind == kind
        }
      }
      var found = 0
      for try await named in group where named { found += 1 }
      return found
    }
  }

  @Test func aTestThatFailsMoreOftenBesideAnotherIsFoundParallel() async throws {
    // Given a test that fails in 10% of its runs at once with test2, 2% otherwise, which failed
    // in 6 of 60 repetitions of a run at once and passed its retries alone
    let run = evidence(failures: 6, runs: 60)

    // When each is explained
    let found = try await Self.found(.parallel, count: Self.explanations, evidence: run) {
      .parallel(partner: "Suite.Tests/test2", rate: 0.1, base: 0.02)
    }

    // Then parallel is named in at least 90% of them
    #expect(found * 10 >= Self.explanations * 9, "\(found) of \(Self.explanations)")
  }

  @Test func aTestThatFailsMoreOftenAfterAnotherIsFoundOrder() async throws {
    // Given a test that fails in 10% of its runs after test4, 2% alone, which failed in 6 of 60
    // repetitions of a run one test at a time and passed its retries alone
    let run = evidence(atOnce: false, failures: 6, runs: 60)

    // When each is explained
    let found = try await Self.found(.order, count: Self.explanations, evidence: run) {
      .order(polluter: "Suite.Tests/test4", state: [], rate: 0.1, base: 0.02)
    }

    // Then order is named in at least 90% of them
    #expect(found * 10 >= Self.explanations * 9, "\(found) of \(Self.explanations)")
  }
}
