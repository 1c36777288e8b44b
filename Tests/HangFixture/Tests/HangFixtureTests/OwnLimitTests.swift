import CleanSlateXCTest
import Dispatch
import XCTest

/// A FixtureTestCase whose blocking test has a limit of its own, 2 seconds.
final class OwnLimitTests: FixtureTestCase {
  override var testTimeout: Duration? {
    name.contains("BlocksPastItsOwnLimit") ? .seconds(2) : nil
  }

  func testBlocksPastItsOwnLimit() async throws {
    _ = try await use(.mailbox)
    if Behaviour.asks("ownLimit") { DispatchSemaphore(value: 0).wait() }
  }
}
