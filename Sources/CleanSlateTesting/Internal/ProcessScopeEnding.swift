internal import CleanSlate
internal import Foundation

/// Ends the process scope when the test process exits, so that process-scoped fixtures used by
/// Swift Testing tests are torn down.
///
/// Swift Testing has no hook for the end of a run. The best available moment is process exit:
/// an `atexit` handler, installed the first time a CleanSlate trait opens a scope in the process
/// scope, blocks the exiting thread until `ScopeRuntime.process.end()` has run every process
/// teardown (each within its time limit, so exit is delayed by at most those limits). There is
/// no test left to record an issue on, so failures are written to standard error, one
/// CleanSlate message each, and the process then exits with a failure status (after flushing
/// its output), so that the run fails as it would had a test failed. A process that crashes or
/// is killed runs no teardown at all.
package enum ProcessScopeEnding {
  /// Installs the exit handler, once per process.
  package static func installOnce() { _ = installed }

  private static let installed: Void = {
    atexit { ProcessScopeEnding.endProcessScope() }
  }()

  /// Runs the process scope's teardowns and prints their failures; when there are any, ends the
  /// process with a failure status (an exit handler cannot change the status otherwise).
  private static func endProcessScope() {
    let failures = endBlocking(ScopeRuntime.process)
    guard !failures.isEmpty else { return }
    for failure in failures {
      FileHandle.standardError.write(Data((message(for: failure) + "\n").utf8))
    }
    fflush(nil)
    _exit(EXIT_FAILURE)
  }

  /// Ends `runtime` from synchronous code, blocking the calling thread (never a Swift
  /// concurrency thread) until every teardown has run; returns their failures.
  static func endBlocking(_ runtime: ScopeRuntime) -> [CleanSlateError] {
    runtime.endSynchronously(waiter: SemaphoreWaiter())
  }

  /// The line printed for a process teardown failure.
  static func message(for failure: CleanSlateError) -> String {
    "[CleanSlate] process scope: \(failure)"
  }
}
