import CleanSlateXCTest
import Foundation
import Greeter
import XCTest

final class LanguageTests: FixtureTestCase {
  /// Sets the language through the fixture: restored when the test ends.
  func testGermanGreeting() throws {
    try use(.environment(["GREETER_LANGUAGE": "de"]))
    XCTAssertEqual(Greeter().greeting(for: "Ada"), "Hallo, Ada!")
  }

  /// Sets the language by hand and never restores it: every later test greets in French.
  func testFrenchGreeting() {
    setenv("GREETER_LANGUAGE", "fr", 1)
    XCTAssertEqual(Greeter().greeting(for: "Ada"), "Bonjour, Ada !")
  }

  func testUnknownLanguageFallsBackToEnglish() throws {
    try use(.environment(["GREETER_LANGUAGE": "tlh"]))
    XCTAssertEqual(Greeter().greeting(for: "Ada"), "Hello, Ada!")
  }
}
