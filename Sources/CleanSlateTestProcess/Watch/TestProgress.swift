package import Foundation

/// What a launch's tests do while it runs, as its frameworks say it: a test started, ended, or is
/// still running past the ``SwiftTestWatch/slowAfter`` period — heard as it happens, not when the
/// launch is over, so that a log shows a run's progress whatever buffers its output.
package struct TestProgress: Sendable, Equatable {
  /// What happened.
  package enum Kind: Sendable, Equatable {
    /// The test started.
    case started
    /// The test ended: passed, failed or skipped, after `seconds` when its framework said.
    case ended(TestEnd.Outcome, seconds: Double?)
    /// The test is still running, and has run for `running` (a whole number of periods).
    case slow(running: Duration)
  }

  /// The test, as its framework names it while it runs (XCTest's `Class.test`, Swift Testing's
  /// `Module.Suite/test()`).
  package var test: String
  /// What happened.
  package var kind: Kind
  /// When it happened, by the framework's own clock, when it said: Swift Testing's event's time,
  /// XCTest's `started at …` (and its end, that and the seconds it ran). `nil` for a slow test.
  package var at: Date?

  /// `kind` happened to `test`, `at` a time its framework gave.
  package init(_ test: String, _ kind: Kind, at: Date? = nil) {
    self.test = test
    self.kind = kind
    self.at = at
  }

  /// Hears the progress of a launch's tests as it happens.
  package typealias Listener = @Sendable (TestProgress) -> Void
}
