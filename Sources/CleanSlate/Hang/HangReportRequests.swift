import Foundation

/// The test process's part in `cleanslate test --test-timeout`: the runner watches each test and,
/// before it ends a test process whose test passed its limit, asks the process what CleanSlate
/// knows of its running tests.
///
/// The runner names a directory in `CLEANSLATE_HANG_REPORTS`. Once a test with a CleanSlate scope
/// begins, the process there
/// - creates `<pid>.watch`, which says that it answers requests, and appends to it each test's own
///   limit, a line `<seconds>\t<test>`, when the test sets one;
/// - on `SIGUSR1`, writes the report of each running test (``HangReport/ofRunningTests(at:)``) to
///   `<pid>.report`, whole (written aside, then renamed). The signal is handled by a dispatch
///   source on a queue of its own, so that the report is written while the tests' threads are
///   blocked.
package enum HangReportRequests {
  /// The variable that names the runner's directory.
  package static let variable = "CLEANSLATE_HANG_REPORTS"

  /// The directory of the runner that watches this process, if one does.
  static let runnerDirectory: String? = ProcessEnvironment.value(of: variable).flatMap {
    $0.isEmpty ? nil : $0
  }

  /// The file by which a test process tells that it answers requests, and each test's own limit.
  package static func watchFile(in directory: String, pid: Int32) -> String {
    "\(directory)/\(pid).watch"
  }

  /// The file in which a test process writes its report when asked.
  package static func reportFile(in directory: String, pid: Int32) -> String {
    "\(directory)/\(pid).report"
  }

  /// The limits that the tests of the process announced in `text` (a watch file), by test name.
  package static func limits(in text: String) -> [String: Duration] {
    var limits: [String: Duration] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      guard parts.count == 2, let seconds = Double(parts[0]), seconds > 0 else { continue }
      limits[String(parts[1])] = .milliseconds(Int64(seconds * 1000))
    }
    return limits
  }

  /// Answers the runner's requests from now on, and announces the limit of the test of `scope`
  /// if it sets its own.
  static func listen(announcing scope: ScopeRuntime) {
    guard let directory = runnerDirectory else { return }
    _ = listening
    guard let limit = scope.timeLimit else { return }
    let line = "\(limit.inSeconds)\t\(scope.testIdentity?.name ?? scope.name)\n"
    announcements.withLock { _ in
      guard let handle = FileHandle(forWritingAtPath: watchFile(in: directory, pid: getpid()))
      else { return }
      handle.seekToEndOfFile()
      handle.write(Data(line.utf8))
      try? handle.close()
    }
  }

  /// Serializes the appends to the watch file.
  private static let announcements = Locked(())

  private static let queue = DispatchQueue(label: "CleanSlate.HangReportRequests")

  /// The source that answers `SIGUSR1`, made once; the watch file, created once it listens.
  nonisolated(unsafe) private static var source: (any DispatchSourceSignal)?

  private static let listening: Void = {
    guard let directory = runnerDirectory else { return }
    signal(SIGUSR1, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: queue)
    source.setEventHandler {
      let report = reportFile(in: directory, pid: getpid())
      let text = HangReport.ofRunningTests()
      try? Data(text.utf8).write(to: URL(fileURLWithPath: report), options: .atomic)
    }
    source.resume()
    Self.source = source
    _ = FileManager.default.createFile(
      atPath: watchFile(in: directory, pid: getpid()), contents: nil)
  }()
}
