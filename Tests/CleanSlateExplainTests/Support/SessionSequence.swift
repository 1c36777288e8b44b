import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import Foundation

/// A simulated sequence of sessions that each saw a test fail and explained it with a store of
/// runs: each explanation goes on from the evidence the sessions before it kept
/// (``PriorEvidence``), as `cleanslate test --history … --explain` does, until one decides or the
/// sequence ends.
struct SessionSequence {
  /// How the sequence ended: the cause of its last explanation, and in which session (from 1) it
  /// came.
  struct Ending {
    var cause: TestCause
    var session: Int
    /// The runs of every session's experiments.
    var runs: Int
  }

  /// The explanations of up to `sessions` sessions of a test failing for `reason(session)` (the
  /// machine a session ran on may change it), each with `budget`, at `secondsPerRun` a run, its
  /// draws from `seed`; it ends at the first session that names a factor.
  static func run(
    sessions: Int, seed: UInt64, budget: Duration = .seconds(60),
    secondsPerRun: Duration = .milliseconds(100),
    evidence: RunEvidence = evidence(),
    reason: (_ session: Int) -> SimulatedFlakyTest.Reason
  ) async throws -> Ending {
    var prior = PriorEvidence.none
    var runs = 0
    var last: TestCause?
    for session in 1...sessions {
      var runner = SimulatedFlakyTest(
        reason: reason(session), seed: seed &* 1_000_003 &+ UInt64(session) &* 7919)
      runner.secondsPerRun = secondsPerRun
      var explainer = Explainer(runner: runner, budget: budget)
      explainer.machineZone = "UTC"
      explainer.seed = seed &+ UInt64(session)
      let cause = try await explainer.explain(
        SimulatedFlakyTest.victim, evidence: evidence, prior: prior)
      runs += cause.runs.count
      last = cause
      if cause.kind.endsAPooledSequence {
        return Ending(cause: cause, session: session, runs: runs)
      }
      guard let pooling = cause.pooling else { break }
      prior = PriorEvidence(
        experiments: pooling.pooled, lead: pooling.lead, sessions: pooling.sessions)
    }
    return Ending(cause: last!, session: sessions, runs: runs)
  }
}
