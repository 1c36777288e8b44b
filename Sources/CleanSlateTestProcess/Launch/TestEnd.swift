/// How one test ended in one launch: passed, failed with its first failure, skipped, timed out
/// with where it was stuck, or crashed with its process's crash; and how long it ran.
package struct TestEnd: Sendable, Equatable {
  /// How a test ended.
  package enum Outcome: String, Sendable, Equatable {
    /// It ran and recorded no failure.
    case passed
    /// It recorded a failure, or did not finish.
    case failed
    /// It was skipped (`XCTSkip`, a disabled Swift Testing test).
    case skipped
    /// It ran past its time limit and was ended with its test process.
    case timedOut
    /// Its test process crashed while it ran.
    case crashed

    /// Whether it failed: it recorded a failure, did not finish, timed out or crashed.
    package var isFailure: Bool { self != .passed && self != .skipped }
  }

  /// How it ended.
  package var outcome: Outcome
  /// How long it ran, in seconds, when the framework said.
  package var seconds: Double?
  /// Its first failure, in one line, when it failed: the framework's message, `timed out after 5
  /// seconds`, how its process crashed.
  package var failure: String?
  /// More about a failure that is not the test's own, in lines: where a test that timed out was
  /// stuck (what CleanSlate knew of it, its threads' stacks), the runtime's report of a crash.
  package var report: [String] = []
  /// The crash of its test process, when it crashed.
  package var crash: TestCrash?

  /// An end of `outcome`.
  package init(
    _ outcome: Outcome, seconds: Double? = nil, failure: String? = nil, report: [String] = [],
    crash: TestCrash? = nil
  ) {
    self.outcome = outcome
    self.seconds = seconds
    self.failure = failure
    self.report = report
    self.crash = crash
  }

  /// Whether it failed: it recorded a failure, did not finish, timed out or crashed.
  package var isFailure: Bool { outcome.isFailure }

  /// Whether it ran and did not fail (a skipped test too, as `swift test` counts it).
  package var passed: Bool { !isFailure }
}
