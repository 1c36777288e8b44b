/// What a test's history says of it, worst first.
package enum TestHealth: String, Sendable, Equatable, CaseIterable, Comparable {
  /// It fails in every run since a commit (and passed before it, or never ran before): a
  /// regression, not a flaky test.
  case broken
  /// One version of the code saw it both pass and fail: in one session (failed, then passed), or
  /// on one commit in two sessions.
  case flaky
  /// A quarantine entry covers it: it still runs and is recorded; its flaky failures do not fail
  /// the run.
  case quarantined
  /// It ran in too few sessions to tell (fewer than ``TestHistory/newSessions``), and never
  /// failed.
  case new
  /// It passed in every session of the window, or failed only in sessions where most tests
  /// failed at once (the machine, not the test).
  case healthy

  package static func < (lhs: TestHealth, rhs: TestHealth) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
