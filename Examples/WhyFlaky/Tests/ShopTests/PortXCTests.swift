import CleanSlateXCTest
import Foundation
import Shop
import XCTest

/// Parallel: both tests listen on the same port. One at a time they pass; when XCTest runs them
/// at the same time (`swift test --parallel`), the second fails to listen.
final class PortXCTests: FixtureTestCase {
  func testHoldsThePort() throws {
    let listener = try? Listener(port: 23_811)
    Thread.sleep(forTimeInterval: 1.5)
    listener?.close()
  }

  func testListensOnThePort() throws {
    Thread.sleep(forTimeInterval: 0.3)
    let listener = try Listener(port: 23_811)
    listener.close()
  }
}
