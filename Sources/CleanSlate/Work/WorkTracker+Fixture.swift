extension Fixture where Value == WorkTracker {
  /// A work tracker for one test, awaited when the test body ends.
  ///
  /// ```swift
  /// let work = try await use(.workTracker)
  /// let uploader = Uploader(work: work)
  /// uploader.upload(file)          // starts tracked work; the test need not wait for it
  /// ```
  ///
  /// When the body ends — before the test's tearDown methods and before any fixture teardown —
  /// the test waits for the tracker to be idle, up to its ``WorkTracker/timeout`` (1 second by
  /// default; set `work.timeout` to change it for one test, ``WorkTracker/defaultTimeout`` for
  /// all). Each piece of work still running then is reported with its label, at the line that
  /// started it, and its task is cancelled.
  public static let workTracker = Fixture("workTracker", scope: .test) { context in
    let tracker = WorkTracker()
    let testName = context.scopeName
    context.runtime.addBodyEndCheck(.settleWork) {
      await tracker.settleAtEndOfBody(of: testName)
    }
    return tracker
  }
}

extension WorkTracker {
  /// Waits for the work up to ``timeout``, then reports each piece still running and cancels
  /// the tasks among them.
  func settleAtEndOfBody(of testName: String) async -> [CleanSlateError] {
    let limit = timeout
    if await waitForIdle(timeout: limit) { return [] }
    let running = runningWork
    cancelAll()
    return running.map { work in
      CleanSlateError(
        .workOutlivedTest,
        summary:
          "Tracked work '\(work.label)' was still running \(limit) after the body of '\(testName)' ended; "
          + (work.isCancellable
            ? "it was cancelled." : "GCD work cannot be cancelled and runs on."),
        location: work.location,
        advice:
          "Wait for it in the test (try await tracker.waitUntilIdle()), make it finish sooner, or give it more time: tracker.timeout for this test, WorkTracker.defaultTimeout in code, or CLEANSLATE_WORK_TIMEOUT=<seconds> for the whole run."
      )
    }
  }
}
