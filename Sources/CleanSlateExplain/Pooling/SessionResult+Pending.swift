package import CleanSlate
package import CleanSlateRunner
package import CleanSlateTestProcess

extension SessionResult {
  /// Goes on with the pending explanations of `pending`'s tests that passed in this session —
  /// each test with what earlier sessions' experiments on it saw — within `total` for all of
  /// them, each at most `options.budget`, the furthest ahead first (``Explainer/goOn(_:evidence:prior:)``):
  /// what `cleanslate test --explain-pending` does once the session ended.
  ///
  /// Sends ``SessionEvent/goingOn(tests:within:)`` first, when any test's explanation goes on,
  /// then each experiment's run and each test's cause (``SessionEvent/explained(test:cause:)``)
  /// to `events`: where its explanation stands, decided or not. Returns the causes.
  package func goOnWithPending(
    _ pending: [(test: TestName, prior: PriorEvidence)], launcher: TestLauncher,
    options: ExplainOptions, total: Duration, events: SessionEvents
  ) async throws -> [TestName: TestCause] {
    let runner = SwiftExperimentRunner(
      launcher: launcher, passthrough: options.passthrough, timeLimit: options.timeLimit)
    return try await goOnWithPending(
      pending, runner: runner, options: options, total: total, events: events)
  }

  /// ``goOnWithPending(_:launcher:options:total:events:)`` with `runner`'s runs.
  package func goOnWithPending<Runner: ExperimentRunner>(
    _ pending: [(test: TestName, prior: PriorEvidence)], runner: Runner, options: ExplainOptions,
    total: Duration, events: SessionEvents
  ) async throws -> [TestName: TestCause] {
    let passed = Dictionary(
      records.filter { $0.failures == 0 && $0.runs > 0 }.map { ($0.name, $0) },
      uniquingKeysWith: { first, _ in first })
    let ahead = pending.compactMap { entry -> (TestName, PriorEvidence, Double)? in
      guard passed[entry.test] != nil,
        let experiment = Explainer<Runner>.ahead(
          in: entry.prior, among: Explainer<Runner>.pendingExperiments),
        let evidence = entry.prior.experiments[experiment]
      else { return nil }
      return (entry.test, entry.prior, evidence.logRatio)
    }.sorted { $0.2 > $1.2 }
    guard !ahead.isEmpty else { return [:] }
    events.send(.goingOn(tests: ahead.count, within: total))
    var explainer = self.explainer(runner: runner, options: options, events: events)
    let runEvidence = evidenceOfTheRun(options: options)
    var left = total
    var causes: [TestName: TestCause] = [:]
    for (test, prior, _) in ahead where left > .zero {
      explainer.budget = min(options.budget, left)
      guard
        let cause = try await explainer.goOn(
          test, evidence: runEvidence(test, passed[test]!.attempts), prior: prior)
      else {
        continue
      }
      left -= .milliseconds(Int64((cause.seconds * 1000).rounded(.up)))
      causes[test] = cause
      events.send(.explained(test: test, cause: cause))
    }
    return causes
  }
}
