import CleanSlate
import Foundation

/// Runs asynchronous engine work to completion from one of XCTest's synchronous hooks.
///
/// On the main thread, where XCTest runs tests, it keeps serving the main queue while it waits
/// (``MainThreadWaiter``), so work that needs the main actor still runs. Elsewhere it blocks
/// the calling thread.
func runSynchronously<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
  let outcome = Locked<T?>(nil)
  let waiter: any BlockingWaiter = Thread.isMainThread ? MainThreadWaiter.shared : SemaphoreWaiter()
  Task {
    let value = await work()
    outcome.withLock { $0 = value }
    waiter.wake()
  }
  while true {
    if let value = outcome.value { return value }
    waiter.wait(until: .now + .seconds(3600))
  }
}
