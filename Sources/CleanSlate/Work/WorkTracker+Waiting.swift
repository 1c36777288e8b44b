import Foundation

/// Waiting for tracked work.
extension WorkTracker {
  /// Waits until no tracked work runs — including work started by tracked work, and work in
  /// ``group`` — the event-driven form of a test helper that spins the run loop until a
  /// dispatch group is empty.
  ///
  /// ```swift
  /// model.save()                                      // starts tracked work
  /// try await tracker.waitUntilIdle(timeout: .milliseconds(100))
  /// #expect(server.requests.isEmpty)
  /// ```
  ///
  /// The wait is event-driven: it resumes as soon as the last work finishes, not at the next
  /// tick of a polling loop. Work still running when it gives up keeps running; the end of the
  /// test body reports and cancels it.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait; by default ``timeout``.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  /// - Throws: ``CleanSlateError`` (code `workStillRunning`) naming the work still running when
  ///   the time is up, reported at the line that called this method; `CancellationError` when
  ///   the waiting task is cancelled.
  public func waitUntilIdle(
    timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let limit = timeout ?? self.timeout
    if await waitForIdle(timeout: limit) { return }
    try Task.checkCancellation()
    let running = runningWork
    guard !running.isEmpty else { return }
    throw CleanSlateError(
      .workStillRunning,
      summary:
        "Tracked work was still running after waiting \(limit): \(running.map(\.description).joined(separator: ", ")).",
      location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      advice: "Make the work finish sooner, or wait longer (waitUntilIdle(timeout:))."
    )
  }

  /// How long the end of a test waits for a new tracker's work: 1 second unless
  /// `CLEANSLATE_WORK_TIMEOUT` (in seconds, `2.5` for example) or this property says otherwise.
  public static var defaultTimeout: Duration {
    get { defaultTimeoutStorage.withLock { $0 } }
    set { defaultTimeoutStorage.withLock { $0 = newValue } }
  }

  private static let defaultTimeoutStorage = Locked<Duration>(
    ProcessEnvironment.value(of: "CLEANSLATE_WORK_TIMEOUT").flatMap(Double.init)
      .flatMap { $0 > 0 && $0.isFinite ? .milliseconds(Int64($0 * 1000)) : nil }
      ?? .seconds(1))
}
