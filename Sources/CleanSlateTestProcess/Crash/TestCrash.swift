package import CleanSlate
package import CleanSlateChildProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// A test process that died of a signal, or exited before its tests ended: how it ended, the
/// tests that were running in it, the test it is pinned on when the evidence says which, and the
/// runtime's report of the crash.
///
/// A process the runner ended itself (a test past its time limit) did not crash: its test timed
/// out.
package struct TestCrash: Sendable, Equatable {
  /// Why the crash is pinned on its test.
  package enum Evidence: Sendable, Equatable {
    /// A frame of the crashed thread is the test's function, or lies inside it: this one.
    case frame(CrashBacktrace.Frame)
    /// It was the only test running in the process (XCTest runs one test at a time; `swift test
    /// --parallel` runs each XCTest test in a process of its own).
    case onlyTestRunning
    /// It was the only test its process was given.
    case onlyTestInProcess
  }

  /// How the process ended: `.signalled(11)`, or `.exited(1)` before its tests ended.
  package var termination: ChildProcess.Termination
  /// The tests that had started and not ended when it died (as `swift test list` prints them):
  /// from XCTest's `Test Case '…' started` lines and Swift Testing's event stream.
  package var running: [TestName]
  /// The test it happened in, when the evidence says which.
  package var test: TestName?
  /// Why it is pinned on ``test``.
  package var evidence: Evidence?
  /// The runtime's report of the crash, when it wrote one.
  package var backtrace: CrashBacktrace?

  /// A crash with these facts, pinned on `test` when one is given.
  package init(
    termination: ChildProcess.Termination, running: [TestName], test: TestName? = nil,
    evidence: Evidence? = nil, backtrace: CrashBacktrace? = nil
  ) {
    self.termination = termination
    self.running = running
    self.test = test
    self.evidence = evidence
    self.backtrace = backtrace
  }

  /// The crash of a test process that ended with `termination` while `running` ran, its report
  /// read from its `standardError`; pinned on the running test a frame of the crashed thread
  /// names (the innermost such frame), else on the only test running, else on none.
  package init(
    termination: ChildProcess.Termination, running: [TestName], standardError: String
  ) {
    self.init(
      termination: termination, running: running,
      backtrace: CrashBacktrace(standardError: standardError))
    if let (frame, test) = backtrace?.frame(namingOneOf: running) {
      pin(on: test, by: .frame(frame))
    } else if running.count == 1 {
      pin(on: running[0], by: .onlyTestRunning)
    }
  }

  /// Pins the crash on `test`, for `evidence`.
  package mutating func pin(on test: TestName, by evidence: Evidence) {
    self.test = test
    self.evidence = evidence
  }

  /// The signal that ended the process, when one did.
  package var signal: Int32? {
    if case .signalled(let signal) = termination { return signal }
    return nil
  }

  /// The status the process exited with before its tests ended, when it exited.
  package var exitStatus: Int32? {
    if case .exited(let status) = termination { return status }
    return nil
  }

  /// How the process ended, in words: `signal 11 (SIGSEGV)`, `exit status 1`.
  package var ending: String {
    switch termination {
    case .exited(let status): "exit status \(status)"
    case .signalled(let signal):
      "signal \(signal)\(SignalName.usual(signal).map { " (\($0))" } ?? "")"
    }
  }

  /// The crash's report for a reader: the fatal error, what happened and the crashed thread's
  /// first frames (``CrashBacktrace/excerpt(limit:)``); empty when the runtime wrote none.
  package var excerpt: [String] { backtrace?.excerpt() ?? [] }
}
