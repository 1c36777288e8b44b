package import CleanSlate

/// What one launch of some of a package's tests found: how each test ended, each test process
/// that crashed, each test that passed its time limit, what the launch printed, and what its
/// lifecycle trace says — every answer to "how did this test end in this launch?".
///
/// ``TestLauncher/launch(_:)`` reads it from what the test processes printed, the XUnit files,
/// Swift Testing's event stream, how each process ended and the trace; a simulated launch states
/// it directly.
package struct Launch: Sendable {
  /// The command that makes the same launch, as a user types it.
  package var command: SwiftTestInvocation
  /// How each test ended, as its framework (or its time limit) said: passed, failed, skipped or
  /// timed out. A test that was running when its process crashed, or never started, has none
  /// here (``end(of:)`` says).
  package var ends: [TestName: TestEnd]
  /// Each test process that crashed: died of a signal, or exited before its tests ended (not one
  /// ended at a test's time limit), with the tests that were running in it.
  package var crashes: [TestCrash] = []
  /// The tests that passed their time limits, each ended with its test process.
  package var hung: [HungTest] = []
  /// The exit status, as `swift test`'s would be.
  package var status: Int32 = 0
  /// What the launch printed on standard output, as `swift test` prints it.
  package var standardOutput = ""
  /// What it printed on standard error.
  package var standardError = ""
  /// What its lifecycle trace says, when the launch wrote one of its own.
  package var traced: TraceFacts?
  /// The temporary directory of its own its tests shared (`TMPDIR`), when it gave them one: gone
  /// once it ended, and a different one in every launch.
  package var temporaryDirectory: String?
  /// How each test process ended, in the order they were started; none for a launch through
  /// `swift test`, whose processes are not seen.
  package var processes: [ProcessEnd] = []
  /// The failures its frameworks reported that no test it counted accounts for
  /// (``UnplacedFailure``): each fails the session.
  package var unplaced: [UnplacedFailure] = []

  /// A launch of `command` whose tests ended as `ends` say.
  package init(
    command: SwiftTestInvocation, ends: [TestName: TestEnd], crashes: [TestCrash] = [],
    status: Int32? = nil, traced: TraceFacts? = nil
  ) {
    self.command = command
    self.ends = ends
    self.crashes = crashes
    self.status = status ?? (ends.values.contains(where: \.isFailure) || !crashes.isEmpty ? 1 : 0)
    self.traced = traced
  }

  /// Whether a test passed its time limit and was ended with its test process: the tests that
  /// process had not run yet have no end.
  package var endedAHungTest: Bool { !hung.isEmpty }

  /// How `test` ended: as ``ends`` says; else crashed, when its process crashed while it ran
  /// (``TestCrash/end(of:)``); else `nil`: it did not run to its end and no crash was seen while
  /// it ran.
  package func end(of test: TestName) -> TestEnd? {
    if let end = ends[test] { return end }
    return crashes.first { $0.running.contains(test) }?.end(of: test)
  }

  /// How `test` ended (``end(of:)``), or, when it did not run to its end, that it failed: its
  /// process crashed before it ended, or the launch ended first (``unfinished``).
  package func endOrUnfinished(of test: TestName) -> TestEnd {
    end(of: test) ?? crashes.first?.end(of: test) ?? unfinished
  }

  /// The end of a test of the launch that has none when no crash says why: it failed, since the
  /// launch ended first.
  package var unfinished: TestEnd {
    TestEnd(
      .failed, failure: "it did not run to its end: swift test ended with status \(status) first")
  }

  /// Adds what another launch of the same selection found: its ends, crashes and time limits,
  /// and what it printed.
  package mutating func add(_ other: Launch) {
    ends.merge(other.ends) { $1 }
    crashes += other.crashes
    hung += other.hung
    status = max(status, other.status)
    standardOutput += other.standardOutput
    standardError += other.standardError
    processes += other.processes
    unplaced += other.unplaced
  }
}
