import Dispatch

/// How a synchronous caller waits while a scope's teardowns run on another thread
/// (``ScopeRuntime/endBlocking(waiter:)``): a thread that must keep serving its run loop, as
/// XCTest's main thread does, turns it; any other thread blocks.
package protocol BlockingWaiter: Sendable {
  /// Waits until ``wake()`` is called or `deadline` passes, whichever comes first. It may
  /// return early; the caller checks again and waits some more.
  func wait(until deadline: ContinuousClock.Instant)

  /// Ends the current ``wait(until:)``, or the next one if none is under way. Called from
  /// another thread.
  func wake()
}

/// Waits by blocking the calling thread on a semaphore.
package final class SemaphoreWaiter: BlockingWaiter {
  private let semaphore = DispatchSemaphore(value: 0)

  package init() {}

  package func wait(until deadline: ContinuousClock.Instant) {
    _ = semaphore.wait(timeout: .now() + (deadline - .now).dispatchInterval)
  }

  package func wake() {
    semaphore.signal()
  }
}
