import Dispatch
import XCTest

/// A plain XCTestCase whose middle test waits, when asked, for a signal nobody sends.
final class BlockedTests: XCTestCase {
  func testA_PassesBefore() {}

  func testB_WaitsForASignalNobodySends() {
    if Behaviour.asks("hang") { waitForTheSignal() }
  }

  func testC_PassesAfter() {}

  private func waitForTheSignal() {
    let signal = DispatchSemaphore(value: 0)
    signal.wait()
  }
}
