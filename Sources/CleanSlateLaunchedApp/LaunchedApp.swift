#if LaunchedApp
  import CleanSlate
  public import CleanSlateLaunch
  import Foundation

  /// An app or server launched for one test: started in a process group of its own, asked to
  /// reset its stores, waited for until ready, and stopped — with its whole process group — when
  /// the test ends.
  ///
  /// Get one from a fixture made by ``CleanSlate/Fixture/launchedApp(_:_:fileID:filePath:line:column:)``;
  /// the fixture's teardown stops the app, reports a crash as a failure of the test, and prints
  /// the app's output when the test failed.
  public final class LaunchedApp: Sendable {
    /// The fixture's name, used in failures.
    public let name: String
    /// The process id of the app, which leads its own process group.
    public let processIdentifier: Int32
    /// The reset the app was asked for, if any.
    public let resetRequest: LaunchResetRequest?

    let process: AppProcess
    let configuration: Configuration
    let fixture: String
    let dependencyPath: [String]
    let location: CodeLocation
    private let reporting = Locked(Reporting())

    /// What has been told about the app already, so that nothing is reported twice.
    private struct Reporting {
      var exitChecked = false
      var outputShown = false
    }

    init(
      name: String, process: AppProcess, configuration: Configuration,
      resetRequest: LaunchResetRequest?, dependencyPath: [String], location: CodeLocation
    ) {
      self.name = name
      self.process = process
      self.processIdentifier = process.processIdentifier
      self.configuration = configuration
      self.resetRequest = resetRequest
      self.fixture = name
      self.dependencyPath = dependencyPath
      self.location = location
    }

    /// The latest lines the app printed, standard output and error interleaved, oldest first.
    public var outputLines: [String] { process.log.lines }

    /// The latest output of the app, one line per line.
    public var output: String { outputLines.joined(separator: "\n") }

    /// Writes a line (and a newline) to the app's standard input.
    ///
    /// - Throws: When the app has been stopped or its input is closed.
    public func send(_ line: String) async throws {
      try await process.send(line)
    }

    /// Waits until the app prints a line containing `text` — one printed earlier counts — and
    /// returns it.
    ///
    /// - Throws: `CleanSlateError` when the app's output ends or `timeout` passes first; the
    ///   failure shows the app's output.
    @discardableResult
    public func waitForLine(
      containing text: String,
      timeout: Duration = .seconds(5),
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) async throws -> String {
      let result = await process.log.waitForLine(timeout: timeout) { $0.contains(text) }
      if case .matched(let found) = result { return found }
      let why = result.isTimeout ? "within \(timeout)" : "before its output ended"
      throw failure(
        .appOutputMissing,
        "App '\(name)' (pid \(processIdentifier)) printed no line containing '\(text)' \(why).",
        at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits until the app exits by itself (its output ends), for an app that runs to completion
    /// or a test that makes it quit. How it ended is checked when the test ends.
    ///
    /// - Throws: `CleanSlateError` when it still runs after `timeout`; the failure shows its
    ///   output.
    public func waitForExit(
      timeout: Duration = .seconds(5),
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) async throws {
      let result = await process.log.waitForLine(timeout: timeout) { _ in false }
      guard result.isTimeout else { return }
      throw failure(
        .appOutputMissing,
        "App '\(name)' (pid \(processIdentifier)) was still running after \(timeout).",
        at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Stops the app now rather than at the end of the test: `SIGTERM` to its process group, then
    /// `SIGKILL` after the grace period.
    ///
    /// - Throws: `CleanSlateError` (`appCrashed`) when it had crashed or exited with a failure
    ///   status. The fixture's teardown does not report it again.
    public func stop() async throws {
      try await stopAndCheck()
    }

    /// Stops the app and checks how it ended, the first time only.
    func stopAndCheck() async throws {
      let outcome = await process.stop()
      let firstCheck = reporting.withLock { state in
        defer { state.exitChecked = true }
        return !state.exitChecked
      }
      guard firstCheck else { return }
      switch outcome {
      case .success(let status) where status.isCleanStop:
        return
      case .success(let status):
        throw failure(
          .appCrashed, "App '\(name)' (pid \(processIdentifier)) \(status.summary) during the test."
        )
      case .failure(let error):
        throw failure(
          .appCrashed, "App '\(name)' (pid \(processIdentifier)) could not be watched: \(error)")
      }
    }

    /// Marks the exit as checked, for a setup that reported it already.
    func markExitChecked() {
      reporting.withLock { $0.exitChecked = true }
    }

    /// Prints the app's output to standard error, for a test that failed, unless a failure
    /// showed it already.
    func printOutputIfNotShown() {
      let shown = reporting.withLock { state in
        defer { state.outputShown = true }
        return state.outputShown
      }
      guard !shown else { return }
      let block = process.log.excerpt(
        header: "Output of app '\(name)' (pid \(processIdentifier)), whose test failed")
      FileHandle.standardError.write(Data((block + "\n").utf8))
    }

    /// A failure about the app, showing its output (which is then not printed again), located at
    /// the fixture's declaration unless told otherwise.
    func failure(
      _ code: CleanSlateError.Code, _ summary: String, at location: CodeLocation? = nil
    ) -> CleanSlateError {
      reporting.withLock { $0.outputShown = true }
      return CleanSlateError(
        code, summary: summary, fixture: fixture, dependencyPath: dependencyPath,
        location: location ?? self.location, advice: process.log.excerpt(header: "Its output"))
    }
  }

  extension OutputLog.WaitResult {
    var isTimeout: Bool {
      if case .timedOut = self { return true }
      return false
    }
  }
#endif
