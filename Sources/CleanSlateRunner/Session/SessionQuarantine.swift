package import CleanSlate

/// The quarantine a session runs under, as the runner needs it: the tests whose flaky failures do
/// not fail the run, what the reports say of each, and the entries past their date.
///
/// A quarantined test still runs, and runs again when it fails (twice at least, whatever
/// `--retries` says), so that a flaky failure gets its chance to pass. Its flaky failure — a
/// failed attempt, a crash held against it, a failed check of a new test — does not fail the run;
/// a test that failed every attempt of a repetition is broken and does. An entry past its date
/// fails the run until it is renewed or removed.
package struct SessionQuarantine: Sendable, Equatable {
  /// What the reports say of one quarantined test.
  package struct Note: Sendable, Equatable {
    /// Why it is quarantined, as its entry says.
    package var reason: String
    /// Its entry's last day, `YYYY-MM-DD`.
    package var until: String
    /// When the store of runs first saw it flaky (`2026-11-02`); its entry's first day without a
    /// store.
    package var flakySince: String
    /// Its latest explained cause's kind, as the store kept it, when one was.
    package var cause: String?

    package init(reason: String, until: String, flakySince: String, cause: String? = nil) {
      self.reason = reason
      self.until = until
      self.flakySince = flakySince
      self.cause = cause
    }
  }

  /// The quarantined tests.
  package var tests: [TestName: Note]
  /// A line for each entry past its date: `Quarantine expired: T (until 2026-11-20, in
  /// quarantine.txt) …`. Each fails the run.
  package var expired: [String]

  /// The least number of times a quarantined test that failed runs again.
  package static let retries = 2

  package init(tests: [TestName: Note] = [:], expired: [String] = []) {
    self.tests = tests
    self.expired = expired
  }
}
