import CleanSlate
import CleanSlateTestSupport
import Dispatch
import Foundation
import XCTest

/// How XCTest's synchronous hooks wait on the main thread while a scope's teardowns run
/// elsewhere: each wait has a waiter of its own, so a wake no wait took never ends a later one,
/// and waiting keeps serving the main queue.
///
/// (One `wait(until:)` makes one pass of the run loop, which does not always run what was just
/// sent to the main queue: on Linux, about one pass in twenty misses it. A waiter may return
/// early and is asked again, so these tests check what a whole wait does, never one pass.)
final class MainThreadWaiterTests: XCTestCase {
  func testEveryWaitOnTheMainThreadHasAWaiterOfItsOwn() {
    XCTAssertTrue(Thread.isMainThread, "XCTest runs tests on the main thread")
    // Given a waiter woken after its wait had returned, as a late wake is
    let late = currentThreadWaiter()
    late.wait(until: .now)
    late.wake()

    // When the next wait begins
    let next = currentThreadWaiter()

    // Then it waits on a waiter of its own, which that wake never reaches
    XCTAssertTrue(next is MainThreadWaiter)
    XCTAssertFalse(late as AnyObject === next as AnyObject)
  }

  func testWaitingForWorkThatNeedsTheMainQueueServesIt() {
    // When a synchronous hook waits for work that can only finish on the main queue (or gives
    // up after a minute, so that a wait that never serves it fails rather than hangs)
    let value = waitSynchronously(on: currentThreadWaiter()) {
      await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
        let first = FirstAnswer(continuation)
        DispatchQueue.main.async { first.answer(42) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { first.answer(0) }
      }
    }

    // Then the wait served the main queue
    XCTAssertEqual(value, 42)
  }
}

/// Resumes a continuation with the first answer it is given, and ignores the others.
private final class FirstAnswer: Sendable {
  private let continuation: Locked<CheckedContinuation<Int, Never>?>

  init(_ continuation: CheckedContinuation<Int, Never>) {
    self.continuation = Locked(continuation)
  }

  func answer(_ value: Int) {
    let waiting = continuation.withLock { continuation in
      defer { continuation = nil }
      return continuation
    }
    waiting?.resume(returning: value)
  }
}
