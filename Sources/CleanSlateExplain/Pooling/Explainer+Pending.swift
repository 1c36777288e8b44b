package import CleanSlate
import CleanSlateRunner

extension Explainer {
  /// The experiments a pending explanation can go on with in a session where the test passed:
  /// those whose arms the session's own run gives (its tests, their order, their durations).
  /// Seed and time zone need the seeds and zones the test failed in, which a passing run does
  /// not have.
  static var pendingExperiments: [Experiment] { [.parallel, .order, .hashOrder, .load] }

  /// Goes on with `test`'s pending explanation — ``prior``'s experiment furthest ahead — in a
  /// session where the test passed: its rounds, with this session's run as the condition
  /// (`evidence`), until the rounds of every session decide or the budget ends
  /// (`cleanslate test --explain-pending`). A 1% flake is then decided without waiting for it
  /// to fail again, and the sequence's error budget is the same one: the rounds count as any
  /// session's do.
  ///
  /// `nil` when no experiment of `prior` is ahead, or none a passing session can run.
  package func goOn(
    _ test: TestName, evidence: RunEvidence, prior: PriorEvidence
  ) async throws -> TestCause? {
    guard let experiment = Self.ahead(in: prior, among: Self.pendingExperiments) else {
      return nil
    }
    let trial = trial(of: test, prior: prior)
    trial.lead = experiment
    let alpha = trial.pooledShares(lead: experiment)[experiment] ?? 0
    var random = SeededRandomNumberGenerator(seed: seed)
    var decided: TestCause?
    do {
      decided = try await run(
        experiment, trial, evidence: evidence, alpha: alpha, lead: true, random: &random)
    } catch is OutOfBudget {}
    let cause =
      decided
      ?? unknown(
        trial, evidence: evidence,
        why: "It passed in this session; its pending explanation went on with \(experiment).")
    return finished(cause, trial, evidence: evidence)
  }
}
