import CleanSlateXCTest
import Greeter
import XCTest

final class WelcomeTests: FixtureTestCase {
  /// Passes alone; fails after LanguageTests.testFrenchGreeting.
  func testWelcomesInEnglishByDefault() {
    XCTAssertEqual(Greeter().greeting(for: "Ada"), "Hello, Ada!")
  }

  func testWelcomesAnyone() {
    XCTAssertFalse(Greeter().greeting(for: "Grace").isEmpty)
  }
}
