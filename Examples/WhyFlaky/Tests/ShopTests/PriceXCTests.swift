import CleanSlateXCTest
import Shop
import XCTest

/// Order, by a static: the dollar test sets the shared settings' currency and never sets it back,
/// so the euro test, which runs after it, fails; alone it passes. Nothing outside the process
/// changed: the sentinel sees no difference.
final class PriceXCTests: FixtureTestCase {
  func testPricesInDollars() {
    ShopSettings.shared.currency = "USD"
    XCTAssertEqual(Price(cents: 250).text, "USD 2.50")
  }

  func testPricesInEurosByDefault() {
    XCTAssertEqual(Price(cents: 250).text, "EUR 2.50")
  }
}
