// swift-format-ignore-file
// The examples of "Why is this test flaky?".
import CleanSlate
import CleanSlateTesting
import CleanSlateXCTest
import Foundation
import Testing
import XCTest

enum WhyFlakyExamples {
  enum Greeting {
    static func text(for name: String) -> String { "Hello, \(name)!" }
  }

  struct Receipt {
    var date: Date
    init(at date: Date) { self.date = date }
    var time: String { "21:00" }
  }

  static let noonUTC = Date(timeIntervalSince1970: 1_767_268_800)

  final class GreetingXCTests: FixtureTestCase {
    func testFrenchGreeting() throws {
      try use(.environment(["SHOP_LANGUAGE": "fr"]))   // restored when the test ends
      XCTAssertEqual(Greeting.text(for: "Ada"), "Bonjour, Ada !")
    }
  }

  struct Receipts {
    @Test(.cleanSlate) func receiptShowsTheLocalTime() async throws {
      try await use(.timeZone("Asia/Tokyo"))          // the zone it was written for
      #expect(Receipt(at: noonUTC).time == "21:00")
    }
  }
}
