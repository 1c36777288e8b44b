import CleanSlateXCTest
import Greeter
import XCTest

final class FormattingTests: FixtureTestCase {
  func testTrimsSpaces() {
    XCTAssertTrue(Greeter().greeting(for: "  Ada ").hasSuffix("Ada!"))
  }

  func testKeepsInnerSpaces() {
    XCTAssertTrue(Greeter().greeting(for: "Ada Lovelace").contains("Ada Lovelace"))
  }

  func testEndsWithAnExclamationMark() {
    XCTAssertTrue(Greeter().greeting(for: "Grace").hasSuffix("!"))
  }
}
