import CleanSlate
import CleanSlateChildProcess
import CleanSlateTrace

extension Launch {
  /// What a launch of `tests` found, read from `output`, the XUnit files at `xunitFiles` and the
  /// lifecycle trace at `trace`.
  ///
  /// A test's end is, in order: where it passed its time limit, timed out; XCTest's line for it;
  /// its entry in an XUnit file (Swift Testing's, XCTest's under `--parallel`); the event stream's
  /// end (a Swift Testing process ended before it wrote its XUnit file tells which tests passed
  /// before). A test process that died of a signal, or exited before its tests ended, crashed.
  init(
    reading output: LaunchOutput, of tests: [TestName], command: SwiftTestInvocation,
    xunitFiles: [String], trace: String?
  ) {
    self.init(command: command, ends: [:], status: output.status)
    standardOutput = output.standardOutput
    standardError = output.standardError
    processes = output.processes
    let printed = XCTestOutput(output: output.standardOutput + "\n" + output.standardError)
    let files = XUnitResults(files: xunitFiles)
    for test in tests {
      ends[test] = printed[test] ?? files[test] ?? output.swiftTestingEnded[test]
    }
    hung = output.hung
    for index in hung.indices {
      // Named as `swift test list` prints them.
      guard let test = tests.first(where: hung[index].names) else { continue }
      hung[index].name = test.listed
      ends[test] = TestEnd(
        .timedOut, seconds: hung[index].ran.inSeconds, failure: hung[index].failure,
        report: hung[index].timedOutReport(named: test))
    }
    crashes = Self.crashes(of: tests, ends: ends, printed: printed, in: output)
    unplaced = unplacedFailures(in: output, of: tests)
    if let trace, let log = try? TraceReader.read([trace]) { traced = TraceFacts(log: log) }
  }

  /// The crashes of a launch's test processes: each process that died of a signal, or exited
  /// before its tests ended, other than one ended at a test's limit, with the tests that were
  /// running in it (from XCTest's lines and Swift Testing's event stream) and its own standard
  /// error (where the runtime wrote the crash's backtrace).
  ///
  /// A launch through `swift test` (where the built tests cannot be started directly) shows no
  /// process: its crash is read from `exited with unexpected signal code 4`, and every test
  /// without an end that XCTest's lines do not place counts as running.
  private static func crashes(
    of tests: [TestName], ends: [TestName: TestEnd], printed: XCTestOutput, in output: LaunchOutput
  ) -> [TestCrash] {
    guard output.direct else {
      guard output.hung.isEmpty, let signal = output.signal else { return [] }
      let unfinished = tests.filter { ends[$0] == nil }
      let running = unfinished.filter(printed.neverEnded)
      return [
        TestCrash(
          termination: .signalled(signal), running: running.isEmpty ? unfinished : running,
          // (`swift test` prints its test processes' standard error on its standard output)
          standardError: output.standardOutput + "\n" + output.standardError)
      ]
    }
    return output.processes.filter(\.crashed).map { $0.crash(among: tests) }
  }
}
