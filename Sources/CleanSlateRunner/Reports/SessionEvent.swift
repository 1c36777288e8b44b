package import CleanSlate
package import CleanSlateTestProcess
package import Foundation

/// What happens in a `cleanslate test` session, as it happens: the one stream every report is
/// fed from — the terminal, JUnit, the JSON summary and the HTML report each hear every event, in
/// order, and write what they write when they hear ``finished``.
///
/// A session sends, in order: notes, each test's start, end and slowness as it happens, each launch as it ends, each repetition and retry; then
/// ``sessionEnded(_:)`` with every record and crash; with `--explain`,
/// ``explaining(tests:budget:together:)``, each experiment's run and each test's cause; with
/// `--explain-pending`, ``goingOn(tests:within:)``, each experiment's run and each test's cause
/// again; and ``finished`` last.
package enum SessionEvent: Sendable {
  /// A note for the user: how the tests are built or started, a timings file left out.
  case note(String)
  /// A test of a launch that runs started, ended, or is still running past `--slow-after` (sent
  /// as its framework says it, before the launch ends), `at` the time its framework gave.
  case progress(test: TestName, TestProgress.Kind, at: Date? = nil)
  /// A launch of some tests ended: its command, what it printed, how each test ended, where a
  /// hung test was stuck.
  case launched(Launch)
  /// Repetition `number` of `count` starts.
  case repetition(number: Int, of: Int)
  /// `test` ran again alone (`attempt` counts every run of it in this repetition).
  case retried(test: TestName, attempt: Int, outcome: TestEnd.Outcome)
  /// The session ran every test it was to run: each test's record, every crash, the shard.
  case sessionEnded(FinishedSession)
  /// `--explain` starts on `tests` tests that failed, with `budget` for each; the tests explained
  /// once for several (their crashes went through the same code) are in `together`, each group
  /// with the budget it gets.
  case explaining(tests: Int, budget: Duration, together: [ExplainedTogether] = [])
  /// `--explain-pending` goes on with the pending explanations of `tests` tests that passed in
  /// this session, within `within` in all.
  case goingOn(tests: Int, within: Duration)
  /// An experiment ran `test` once.
  case experimentRan(test: TestName, run: ExperimentRun)
  /// `--explain` decided why `test` failed.
  case explained(test: TestName, cause: any ReportedCause)
  /// A step after the tests ran stopped on an error (``StoppedStep``).
  case stepStopped(StoppedStep)
  /// Nothing more happens: each report writes what it writes.
  case finished
}

extension SessionEvent {
  /// Tests that `--explain` explains once, together: their crashes went through the same code.
  package struct ExplainedTogether: Sendable, Equatable {
    /// How many tests the one explanation is for.
    package var tests: Int
    /// The budget of the one explanation.
    package var budget: Duration

    /// `tests` tests explained once, with `budget`.
    package init(tests: Int, budget: Duration) {
      self.tests = tests
      self.budget = budget
    }
  }
}
