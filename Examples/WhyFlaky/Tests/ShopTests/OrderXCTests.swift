import CleanSlateXCTest
import Shop
import XCTest

/// Hash order: the expected JSON was copied from a run with SWIFT_DETERMINISTIC_HASHING=1 (as a
/// scheme may set it); in other processes the dictionary's keys come in another order.
final class OrderXCTests: FixtureTestCase {
  func testOrderAsJSON() throws {
    let order = Order(items: [
      "apples": 2, "bread": 1, "cheese": 1, "dates": 3, "eggs": 6, "figs": 4,
    ])
    XCTAssertEqual(
      try order.json(), #"{"dates":3,"apples":2,"figs":4,"cheese":1,"eggs":6,"bread":1}"#)
  }
}
