import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTrace
import Foundation
import Testing

/// Rule "A cause is a claim", over sessions: an explanation that goes on from earlier sessions
/// says so — how far the experiment it spent its budget on has come over how many sessions, or
/// over how many sessions and runs it was decided — and keeps this session's rounds for the next.
@Suite struct PooledWordsTests {
  /// One session's explanation of a test failing in 30% of its runs beside test2 at once and
  /// never otherwise, with `budget`, going on from `prior`.
  static func session(
    budget: Duration, prior: PriorEvidence, seed: UInt64
  ) async throws -> TestCause {
    let runner = SimulatedFlakyTest(
      reason: .parallel(partner: "Suite.Tests/test2", rate: 0.3), seed: seed)
    var explainer = Explainer(runner: runner, budget: budget)
    explainer.machineZone = "UTC"
    explainer.seed = seed
    return try await explainer.explain(
      SimulatedFlakyTest.victim, evidence: evidence(), prior: prior)
  }

  /// The prior evidence the next session goes on from, after `cause`.
  static func next(after cause: TestCause) -> PriorEvidence {
    let pooling = cause.pooling!
    return PriorEvidence(
      experiments: pooling.pooled, lead: pooling.lead, sessions: pooling.sessions)
  }

  @Test func anUndecidedExplanationSaysHowFarItCameOverTheSessionsAndADecidedOneOverHowMany()
    async throws
  {
    // Given a first session with a budget of 1 s (five pairs at 0.1 s a run: too few to decide)
    let first = try await Self.session(budget: .seconds(1), prior: .none, seed: 3)
    #expect(first.kind == .unknown)
    #expect(first.pooling?.sessions == 1)
    #expect(first.pooling?.lead == .parallel)
    let kept = try #require(first.pooling?.session[.parallel])
    // (every run of a whole round: a round the budget cut short is no evidence)
    let compared = first.runs.count { $0.what.contains("at once") || $0.what.contains("in order") }
    #expect(kept.runs.isMultiple(of: 2) && (compared - 1...compared).contains(kept.runs))

    // When a second session, as short, goes on from it
    let second = try await Self.session(
      budget: .seconds(1), prior: Self.next(after: first), seed: 4)

    // Then its verdict says the experiment is ahead over both sessions
    #expect(second.kind == .unknown)
    let pooled = try #require(second.pooling?.pooled[.parallel])
    #expect(pooled.runs == kept.runs + (second.pooling?.session[.parallel]?.runs ?? 0))
    #expect(
      second.summary.contains(
        "Parallel was ahead: \(pooled.factor) at once failed, \(pooled.baseline) in order, pooled over 2 sessions; deciding it takes about "
      ), "\(second.summary)")
    #expect(second.summary.contains(" more session"), "\(second.summary)")
    #expect(second.heading.hasSuffix(", pooled over 2 sessions (\(pooled.runs) runs)"))

    // When a third session with the default budget goes on from both
    let third = try await Self.session(
      budget: .seconds(60), prior: Self.next(after: second), seed: 5)

    // Then it is decided parallel, over three sessions and every run of them
    #expect(third.kind == .parallel)
    let all = try #require(third.pooling?.runs)
    #expect(third.heading.hasPrefix("parallel, decided by \(third.runs.count) runs in "))
    #expect(third.heading.hasSuffix(", pooled over 3 sessions (\(all) runs)"))
    // And its paragraph gives the counts that decided it, over the sessions
    let pooled3 = try #require(third.pooling?.pooled[.parallel])
    #expect(
      third.summary.hasSuffix(
        " Over 3 sessions, the parallel experiment's rounds decided it: \(pooled3.factor) at once failed, \(pooled3.baseline.failures) of \(pooled3.baseline.runs) in order."
      ), "\(third.summary)")
  }

  @Test func thePooledEvidenceIsInTheSummaryJSONAndReadBack() async throws {
    // Given a session's explanation that went on from an earlier one
    let first = try await Self.session(budget: .seconds(1), prior: .none, seed: 3)
    let second = try await Self.session(
      budget: .seconds(1), prior: Self.next(after: first), seed: 4)

    // When it is written as JSON and read back
    var json = JSONText(capacity: 1024)
    second.write(to: &json, summary: second.summary)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
    let read = try #require(TestCause(json: object))

    // Then the pooled evidence comes back as it was: both sessions', this one's, and the lead
    #expect(read.pooling == second.pooling)
    let pooled = try #require(object["pooled"] as? [String: Any])
    #expect(pooled["sessions"] as? Int == 2)
    #expect(pooled["lead"] as? String == "parallel")
  }

  @Test func anExplanationOfOneSessionKeepsNoPooledEvidence() async throws {
    // Given an explanation without a store
    let runner = SimulatedFlakyTest(reason: .parallel(partner: "Suite.Tests/test2", rate: 0.3))
    let cause = try await explain(runner, budget: .seconds(1))

    // Then it says nothing of sessions
    #expect(cause.pooling == nil)
    #expect(!cause.heading.contains("pooled"))
  }
}
