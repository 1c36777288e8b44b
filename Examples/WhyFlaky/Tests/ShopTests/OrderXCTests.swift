import CleanSlateXCTest
import Shop
import XCTest

/// Hash order: the expected JSON was copied from a run with SWIFT_DETERMINISTIC_HASHING=1 (as a
/// scheme may set it); in other processes the dictionary's keys come in another order.
final class OrderXCTests: FixtureTestCase {
  func testOrderAsJSON() throws {
    let order = Order(items: ["apples": 2, "bread": 1, "cheese": 1, "dates": 3])
    XCTAssertEqual(try order.json(), #"{"apples":2,"cheese":1,"bread":1,"dates":3}"#)
  }
}
