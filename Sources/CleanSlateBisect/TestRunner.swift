package import CleanSlateTestProcess

/// Runs some of a package's tests, one at a time, and tells whether the victim passed.
///
/// ``SwiftTestRunner`` runs `swift test`; tests of the bisection give it a runner that
/// simulates a suite, so that what the algorithm costs is checked without building one.
package protocol TestRunner: Sendable {
  /// Runs `tests` (each a full name, as `swift test list` prints it), in the package's own
  /// order, one at a time; the last one is the victim.
  func run(_ tests: [String], victim: String) async throws -> TestRunOutcome
}

/// What one run of some tests said about the victim: its own outcome, whatever the other tests
/// did and whatever the sentinel saw.
package struct TestRunOutcome: Sendable {
  /// Whether the victim ran and passed.
  package var victimPassed: Bool
  /// Why it did not, in one line: its first failure, or that it never finished.
  package var firstFailure: String?
  /// The command that runs the same tests again, in the same environment.
  package var command: SwiftTestInvocation?
  /// The lifecycle trace the run wrote (`CLEANSLATE_TRACE`), if any.
  package var tracePath: String?
  /// The crash of the victim's test process, when it died before the victim ended: the tests
  /// that were running in it, the test a frame pins it on, the runtime's report.
  package var crash: TestCrash?

  package init(
    victimPassed: Bool, firstFailure: String? = nil, command: SwiftTestInvocation? = nil,
    tracePath: String? = nil
  ) {
    self.victimPassed = victimPassed
    self.firstFailure = firstFailure
    self.command = command
    self.tracePath = tracePath
  }
}
