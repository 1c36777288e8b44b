import Foundation

/// Ends the process scope when the test process exits, so that process-scoped fixtures used by
/// Swift Testing tests are torn down.
///
/// Swift Testing has no hook for the end of a run. The best available moment is process exit:
/// an `atexit` handler, installed the first time ``ScopeRuntime/live(_:sink:identity:setUp:body:)``
/// opens a scope in the process scope, blocks the exiting thread until `ScopeRuntime.process.end()` has run every process
/// teardown (each within its time limit, so exit is delayed by at most those limits). There is
/// no test left to record an issue on, so failures go to standard error
/// (`FailuresOutsideTests`), and the process then exits with a failure status (after flushing
/// its output), as it would had a test failed. A process that crashes or is killed runs no
/// teardown at all.
package enum ProcessScopeEnding {
  /// Installs the exit handler, once per process.
  package static func installOnce() { _ = installed }

  private static let installed: Void = {
    atexit { ProcessScopeEnding.endProcessScope() }
  }()

  /// Runs the process scope's teardowns; when a failure was found where no test could record
  /// it, ends the process with a failure status (an exit handler cannot change it otherwise).
  private static func endProcessScope() {
    ScopeRuntime.process.endSynchronously(waiter: SemaphoreWaiter())
    guard FailuresOutsideTests.haveOccurred else { return }
    fflush(nil)
    _exit(EXIT_FAILURE)
  }
}
