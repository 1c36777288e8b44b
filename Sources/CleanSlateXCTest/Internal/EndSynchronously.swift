import CleanSlate
import Dispatch
import Foundation

/// Ends `scope` from one of XCTest's synchronous hooks and returns its failures.
///
/// When every teardown is synchronous, they run on a thread of their own while this thread
/// waits (on the main thread, still serving the main queue); otherwise the scope ends in async
/// code.
func endSynchronously(_ scope: ScopeRuntime) -> [CleanSlateError] {
  scope.endSynchronously(waiter: currentThreadWaiter())
}

/// Runs asynchronous engine work to completion from one of XCTest's synchronous hooks.
///
/// On the main thread, where XCTest runs tests, it keeps serving the main queue while it waits
/// (``MainThreadWaiter``), so work that needs the main actor still runs. Elsewhere it blocks
/// the calling thread.
func runSynchronously<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
  waitSynchronously(on: currentThreadWaiter(), work)
}

/// How this thread waits: serving the main queue on the main thread, simply blocking elsewhere.
private func currentThreadWaiter() -> any BlockingWaiter {
  Thread.isMainThread ? MainThreadWaiter.shared : SemaphoreWaiter()
}

/// Waits on the main thread, where XCTest runs tests, without leaving the main queue unserved.
///
/// It blocks on a semaphore — the cheapest wait: no timer, no run loop pass when the teardowns
/// finish quickly, as they usually do — but only for a millisecond at a time; in between it lets
/// the run loop handle what was sent to the main queue, so a teardown that waits for the main
/// queue (`DispatchQueue.main.sync`) is served, as it is while XCTest waits for an async tearDown.
///
/// One instance serves every wait on the main thread: a wake that comes after its wait had
/// already returned only makes the next wait return early, which waiters allow.
final class MainThreadWaiter: BlockingWaiter {
  static let shared = MainThreadWaiter()

  private let semaphore = DispatchSemaphore(value: 0)

  func wait(until deadline: ContinuousClock.Instant) {
    let slice = min(deadline - .now, .milliseconds(1))
    if semaphore.wait(timeout: .now() + slice.dispatchInterval) == .success { return }
    _ = RunLoop.current.run(mode: .default, before: Date())  // one pass, without blocking
  }

  func wake() {
    semaphore.signal()
  }
}
