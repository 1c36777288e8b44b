import Dispatch

/// How a synchronous caller waits while engine work runs in a task (``waitSynchronously(on:_:)``,
/// ``ScopeRuntime/endSynchronously(waiter:)``): a thread that must keep serving its run loop, as
/// XCTest's main thread does, turns it; any other thread blocks.
///
/// A waiter serves one synchronous caller (one end of a scope, one run of async work): make a new
/// one for the next, so that a wake that came after its caller stopped waiting is left with a
/// waiter nothing waits on, and cannot end a later caller's wait early.
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

/// Runs `work` in a task and waits for its result on the calling thread with `waiter`: how a
/// synchronous hook (an XCTest method, an exit handler) gets the result of async engine work.
/// Never call it from a task: it would hold one of Swift concurrency's few threads.
package func waitSynchronously<T: Sendable>(
  on waiter: some BlockingWaiter, _ work: @escaping @Sendable () async -> T
) -> T {
  let outcome = Locked<T?>(nil)
  // The task holds `work` (and what it captured, a scope say) only until it has run: the caller
  // goes on as soon as it is woken, and the task's own closure lives until the task ends, which
  // on a busy machine can be well after.
  let pending = Locked<(@Sendable () async -> T)?>(work)
  Task {
    let value = await runTaking(pending)
    outcome.withLock { $0 = value }
    waiter.wake()
  }
  while true {
    if let value = outcome.value { return value }
    waiter.wait(until: .now + .seconds(3600))
  }
}

/// Takes the work out of `pending` and runs it; the work is released when this returns.
private func runTaking<T: Sendable>(_ pending: Locked<(@Sendable () async -> T)?>) async -> T {
  let work = pending.withLock { work in
    defer { work = nil }
    return work!
  }
  return await work()
}
