/// One test in quarantine: which, why, since when and until when.
///
/// A quarantined test still runs and is recorded; a flaky failure of it does not fail the run,
/// but a test that fails every attempt is broken and does, and an entry past its date fails the
/// run until it is renewed or removed — a quarantine is a loan, not a grave.
package struct QuarantineEntry: Sendable, Equatable {
  /// The test, as `swift test list` prints it.
  package var test: String
  /// The day it was added, `YYYY-MM-DD`.
  package var added: QuarantineDate
  /// The last day it holds, `YYYY-MM-DD`: from the day after, the run fails naming it.
  package var until: QuarantineDate
  /// Why: the cause, the issue that tracks the fix.
  package var reason: String

  package init(test: String, added: QuarantineDate, until: QuarantineDate, reason: String) {
    self.test = test
    self.added = added
    self.until = until
    self.reason = reason
  }

  /// Whether it no longer holds on `day`: `until` is before it.
  package func expired(on day: QuarantineDate) -> Bool { until < day }

  /// Its line in the file: `test | added 2026-11-29 | until 2026-12-31 | reason`.
  package var line: String { "\(test) | added \(added) | until \(until) | \(reason)" }
}
