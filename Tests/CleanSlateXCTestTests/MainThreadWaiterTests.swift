import CleanSlateTestSupport
import Dispatch
import Foundation
import XCTest

@testable import CleanSlateXCTest

/// How XCTest's synchronous hooks wait on the main thread while a scope's teardowns run
/// elsewhere: each wait is ended by its own wake only, and keeps serving the main queue.
final class MainThreadWaiterTests: XCTestCase {
  func testWakesNoWaitTookDoNotCutLaterWaitsShort() {
    XCTAssertTrue(Thread.isMainThread, "XCTest runs tests on the main thread")
    // Given earlier waits on the main thread whose wakes no wait took: one woken only after it
    // had returned, two whose work was done before they would have waited.
    let returned = currentThreadWaiter()
    returned.wait(until: .now)
    returned.wake()
    for _ in 1...2 { currentThreadWaiter().wake() }
    for _ in 1...3 {
      // When a later wait runs while work is waiting on the main queue.
      let served = Box(false)
      DispatchQueue.main.async { served.value = true }
      currentThreadWaiter().wait(until: .now)
      // Then it serves the main queue, as a wait that no wake ends does: no earlier wake ends
      // it at once.
      XCTAssertTrue(served.value)
    }
  }
}
