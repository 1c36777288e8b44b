import Dispatch
import Foundation

/// Runs asynchronous engine work to completion from one of XCTest's synchronous hooks.
///
/// On the main thread, where XCTest runs tests, it keeps the run loop turning while it waits —
/// as XCTest does for `setUp() async` — so a teardown that needs the main actor still runs.
/// Elsewhere it blocks the calling thread.
func runSynchronously<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
  let outcome = Locked<T?>(nil)
  if Thread.isMainThread {
    Task {
      let value = await work()
      outcome.withLock { $0 = value }
      DispatchQueue.main.async {}  // wakes the run loop below
    }
    while true {
      if let value = outcome.value { return value }
      _ = RunLoop.current.run(mode: .default, before: .distantFuture)
    }
  } else {
    let done = DispatchSemaphore(value: 0)
    Task {
      let value = await work()
      outcome.withLock { $0 = value }
      done.signal()
    }
    done.wait()
    return outcome.value!
  }
}
