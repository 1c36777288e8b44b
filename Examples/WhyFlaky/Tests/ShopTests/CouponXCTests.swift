import CleanSlateXCTest
import Shop
import XCTest

/// Intrinsic: the coupon is drawn from the system's generator, unseeded; about half of them give
/// no discount. Nothing outside the test changes that.
final class CouponXCTests: FixtureTestCase {
  func testCouponGivesADiscount() {
    let coupon = Coupon.draw()
    XCTAssertTrue(coupon.isValid, "a coupon of \(coupon.percent) percent")
  }
}
