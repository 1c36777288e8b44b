package import CleanSlate
package import CleanSlateChildProcess
import Foundation

/// What one run of `swift …` printed and how it ended — a `swift test …` started directly as its
/// test processes, or any command through `swift` itself (``SwiftCommand``): the raw material a
/// ``Launch`` is read from.
package struct LaunchOutput: Sendable {
  /// Its exit status, as `swift test`'s would be: 1 when a test process failed (a failed test, a
  /// crash, a process ended at a limit), else 0.
  package var status: Int32
  /// What it printed on standard output: each test process's output, as `swift test` prints it.
  package var standardOutput: String
  /// What it printed on standard error.
  package var standardError: String
  /// The tests that passed their time limit, when a ``SwiftTestWatch`` watched them: each was
  /// ended with its test process.
  package var hung: [HungTest] = []
  /// The Swift Testing tests that the event stream says passed or were skipped: how the tests of
  /// a test process that wrote no XUnit file (ended at a limit, or crashed) ran.
  package var swiftTestingEnded: [TestName: TestEnd] = [:]
  /// How each test process ended, in the order they were started; none for a run through
  /// `swift test`, whose processes are not seen (its output says which died of a signal).
  package var processes: [ProcessEnd] = []
  /// Whether the run started the built tests directly, without SwiftPM.
  package var direct = false

  package init(status: Int32, standardOutput: String, standardError: String) {
    self.status = status
    self.standardOutput = standardOutput
    self.standardError = standardError
  }

  /// The signal that ended a test process of the run, when one died of one (not a process
  /// ended at a time limit): from the process, or from `swift test`'s `exited with unexpected
  /// signal code 4`.
  package var signal: Int32? {
    if let crash = processes.first(where: \.crashed),
      case .signalled(let signal) = crash.termination
    {
      return signal
    }
    guard !direct else { return nil }
    let printed = standardError + standardOutput
    guard let range = printed.range(of: "exited with unexpected signal code ") else { return nil }
    return Int32(printed[range.upperBound...].prefix(while: \.isNumber))
  }
}

/// How one test process of a run ended.
package struct ProcessEnd: Sendable, Equatable {
  /// The framework whose tests it ran.
  package var framework: TestProcessPlan.Framework
  /// What was started: the program and its arguments.
  package var command: [String]
  /// How it ended.
  package var termination: ChildProcess.Termination
  /// The tests that started in it and never ended, as its framework names them (XCTest's
  /// `Class.test`, Swift Testing's `Module.Suite/test()`): those it was running when it died.
  package var unfinished: [String]
  /// What it printed on standard error (where the Swift runtime writes a crash's backtrace).
  package var standardError: String
  /// Whether a watch ended it because a test passed its time limit.
  package var endedAtALimit: Bool
  /// The XCTest tests it was started with (`Module.Class/testMethod`); `nil` for every test of
  /// its framework.
  package var tests: [String]?
  /// What its framework said of the tests it ran (``FrameworkReport``).
  package var report = FrameworkReport()

  package init(
    framework: TestProcessPlan.Framework, command: [String],
    termination: ChildProcess.Termination, unfinished: [String] = [], standardError: String = "",
    endedAtALimit: Bool = false, tests: [String]? = nil, report: FrameworkReport = FrameworkReport()
  ) {
    self.framework = framework
    self.command = command
    self.termination = termination
    self.unfinished = unfinished
    self.standardError = standardError
    self.endedAtALimit = endedAtALimit
    self.tests = tests
    self.report = report
  }

  /// Whether it crashed: a signal ended it (not a watch at a time limit), or it exited with tests
  /// started that never ended.
  package var crashed: Bool {
    guard !endedAtALimit else { return false }
    if case .signalled = termination { return true }
    return !unfinished.isEmpty
  }

  /// Its crash, as a process that ran `tests` (as `swift test list` prints them): those of them
  /// that started and never ended were running, whichever name their framework printed, and its
  /// standard error holds the runtime's report.
  package func crash(among tests: [TestName]) -> TestCrash {
    let running = tests.filter { test in unfinished.contains(where: test.isNamed) }
    return TestCrash(termination: termination, running: running, standardError: standardError)
  }

  /// Whether it failed, as `swift test` counts a failure: a status other than 0, except Swift
  /// Testing's "no test matched" (`EX_UNAVAILABLE`, 69), or a signal.
  package var failed: Bool {
    switch termination {
    case .exited(0): false
    case .exited(69): framework == .xctest
    default: true
    }
  }
}
