import Dispatch
import Foundation

/// How this thread waits: serving the main queue on the main thread, simply blocking elsewhere.
///
/// A new waiter for every caller, on the main thread too: a wake that comes after its caller
/// stopped waiting (it saw the work done first) goes to a waiter that nothing waits on any more,
/// and never ends a later caller's wait.
package func currentThreadWaiter() -> any BlockingWaiter {
  Thread.isMainThread ? MainThreadWaiter() : SemaphoreWaiter()
}

/// Waits on the main thread, where XCTest runs tests, without leaving the main queue unserved.
///
/// It blocks on a semaphore — the cheapest wait: no timer, no run loop pass when the teardowns
/// finish quickly, as they usually do — but only for a millisecond at a time; in between it lets
/// the run loop handle what was sent to the main queue, so a teardown that waits for the main
/// queue (`DispatchQueue.main.sync`) is served, as it is while XCTest waits for an async tearDown.
///
/// Each caller has a waiter of its own (see `currentThreadWaiter()`), so a wake ends only the
/// wait it was meant for, and no wake is left behind for a later caller.
package final class MainThreadWaiter: BlockingWaiter {
  private let semaphore = DispatchSemaphore(value: 0)

  package func wait(until deadline: ContinuousClock.Instant) {
    let slice = min(deadline - .now, .milliseconds(1))
    if semaphore.wait(timeout: .now() + slice.dispatchInterval) == .success { return }
    _ = RunLoop.current.run(mode: .default, before: Date())  // one pass, without blocking
  }

  package func wake() {
    semaphore.signal()
  }
}
