import CleanSlateXCTest
import Shop
import XCTest

/// Hash order: the expected JSON was copied from a run with SWIFT_DETERMINISTIC_HASHING=1 (as a
/// scheme may set it); in other processes the dictionary's twelve keys come in another order, all
/// but once in 12! (479,001,600).
final class OrderXCTests: FixtureTestCase {
  func testOrderAsJSON() throws {
    let order = Order(items: [
      "apples": 2, "bread": 1, "cheese": 1, "dates": 3, "eggs": 6, "figs": 4,
      "grapes": 1, "honey": 1, "jam": 2, "kiwis": 5, "lemons": 3, "milk": 2,
    ])
    XCTAssertEqual(
      try order.json(),
      #"{"dates":3,"eggs":6,"honey":1,"cheese":1,"grapes":1,"apples":2,"kiwis":5,"bread":1,"#
        + #""lemons":3,"jam":2,"figs":4,"milk":2}"#)
  }
}
