import Foundation

/// Ends a test that runs past its time limit, so that a run with a hung test ends with the test's
/// name instead of running into its CI job's limit.
///
/// A test with a CleanSlate scope is watched from the moment its scope opens (its own time, not
/// the time it waited to start) until its scope ends, its teardowns included. Its limit is its
/// own (the `.testTimeout(_:)` trait, `FixtureTestCase.testTimeout`) or the run's,
/// ``CleanSlateDefaults/testTimeout`` (`CLEANSLATE_TEST_TIMEOUT`). A test that passes it is
/// reported on standard error — its name, where it is declared, and what CleanSlate knows of it
/// (``HangReport``) — and the test process then ends with a failure status: a test blocked on a
/// semaphore or awaiting a continuation nobody resumes cannot be cancelled, only ended with its
/// process.
///
/// Under `cleanslate test --test-timeout`, the runner watches every test instead (those without
/// a CleanSlate scope too) and takes the threads' stacks before it ends the process: here, tests
/// only tell it their own limits, and answer its requests for their report
/// (``HangReportRequests``).
enum HangWatch {
  /// Where the timers run: a queue of its own, which tests that block the global queues' threads
  /// do not hold up.
  private static let queue = DispatchQueue(label: "CleanSlate.HangWatch")

  /// Starts watching the test of `scope` against its limit; returns the watch, to cancel when
  /// the test ends, or `nil` when it has no limit or a runner watches it.
  ///
  /// The watch is a timer source, not a work item run after a delay: cancelling it frees it at
  /// once, where a cancelled delayed work item stays queued, with its memory, until its deadline
  /// (tens of megabytes in a quick suite of many tests under a limit of minutes).
  static func watch(_ scope: ScopeRuntime) -> (any DispatchSourceTimer)? {
    if HangReportRequests.runnerDirectory != nil {
      HangReportRequests.listen(announcing: scope)
      return nil
    }
    guard let limit = scope.timeLimit ?? CleanSlateDefaults.testTimeout else { return nil }
    let watch = DispatchSource.makeTimerSource(queue: queue)
    watch.setEventHandler { [weak scope] in
      guard let scope, RunningTests.isRunning(scope) else { return }
      end(scope, pastItsLimit: limit)
    }
    watch.schedule(deadline: .now() + limit.dispatchInterval)
    watch.activate()
    return watch
  }

  /// Prints the report of the test of `scope`, which passed `limit`, and ends the process.
  private static func end(_ scope: ScopeRuntime, pastItsLimit limit: Duration) -> Never {
    FileHandle.standardError.write(Data(message(scope, limit: limit, at: .now).utf8))
    fflush(nil)
    _exit(EXIT_FAILURE)
  }

  /// What the process prints before it ends: a compiler-style error at the test's declaration
  /// (when its framework tells where it is), what CleanSlate knows of the test, and what to do.
  static func message(
    _ scope: ScopeRuntime, limit: Duration, at now: ContinuousClock.Instant
  ) -> String {
    let name = scope.testIdentity?.description ?? scope.name
    let place = scope.location.map { "\($0.filePath):\($0.line): " } ?? ""
    let seconds = HangReport.seconds(limit)
    var lines = [
      "\(place)error: Test '\(name)' passed its time limit of \(seconds) and did not end: CleanSlate ends its test process, so that the run does not hang."
    ]
    lines += HangReport.lines(of: scope, at: now)
    lines.append(
      "  To see where each thread is stuck, run the test under cleanslate test --test-timeout \(seconds.dropLast(2)), which takes their stacks before it ends the process. To give it more time: .testTimeout(_:) on the test (Swift Testing), testTimeout in its FixtureTestCase, CleanSlateDefaults.testTimeout in code, or CLEANSLATE_TEST_TIMEOUT=<seconds> for the whole run."
    )
    return lines.joined(separator: "\n") + "\n"
  }
}
