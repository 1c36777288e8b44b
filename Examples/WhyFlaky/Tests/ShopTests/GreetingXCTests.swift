import CleanSlateXCTest
import Foundation
import Shop
import XCTest

/// Order, by an environment variable: the French test sets `SHOP_LANGUAGE` by hand and never
/// restores it, so the English test, which runs after it, fails; alone it passes.
final class GreetingXCTests: FixtureTestCase {
  func testFrenchGreeting() {
    setenv("SHOP_LANGUAGE", "fr", 1)
    XCTAssertEqual(Greeting.text(for: "Ada"), "Bonjour, Ada !")
  }

  func testGreetsInEnglishByDefault() {
    XCTAssertEqual(Greeting.text(for: "Ada"), "Hello, Ada!")
  }
}
