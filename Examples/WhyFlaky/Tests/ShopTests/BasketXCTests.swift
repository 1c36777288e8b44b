import CleanSlateXCTest
import Shop
import XCTest

/// Seed: the basket is drawn from `.seededRandom`, and an empty one never ships. Whether the
/// test passes follows the run's seed (`CLEANSLATE_SEED`).
final class BasketXCTests: FixtureTestCase {
  func testEveryBasketShips() async throws {
    var random = try await use(.seededRandom)
    let basket = Basket.random(using: &random)
    XCTAssertNotNil(basket.shippingDays, "a basket of \(basket.itemCount) items never ships")
  }
}
