import CleanSlateXCTest
import Foundation
import Greeter
import XCTest

final class CardTests: FixtureTestCase {
  /// Writes a card in the temporary directory and leaves it there: not what makes another test
  /// fail, but the sentinel sees it.
  func testWritesACard() throws {
    let card = try GreetingCard(for: "Ada").write()
    XCTAssertEqual(try String(contentsOf: card, encoding: .utf8), "To Ada, with love.")
  }
}
