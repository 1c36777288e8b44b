import CleanSlateXCTest
import Shop
import XCTest

/// Tests that pass in every run: never explained.
final class StableXCTests: FixtureTestCase {
  func testGreetsByName() {
    XCTAssertTrue(Greeting.text(for: "Grace").contains("Grace"))
  }

  func testAFullBasketShips() {
    XCTAssertNotNil(Basket(itemCount: 3).shippingDays)
  }
}
