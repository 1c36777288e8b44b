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

  static let items = ["apples": 2, "bread": 1, "cheese": 1, "dates": 3]

  final class CatalogueIndex: Sendable {
    func build() async {}
    var isBuilt: Bool { true }
  }

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

  final class OrderXCTests: FixtureTestCase {
    func testOrderAsJSON() throws {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys          // the same order in every process
      let json = String(decoding: try encoder.encode(items), as: UTF8.self)
      XCTAssertEqual(json, #"{"apples":2,"bread":1,"cheese":1,"dates":3}"#)
    }
  }

  struct Catalogue {
    @Test(.cleanSlate) func catalogueIsIndexed() async throws {
      let work = try await use(.workTracker)
      let index = CatalogueIndex()
      work.start("index the catalogue") { await index.build() }
      try await work.waitUntilIdle()                  // instead of a fixed sleep
      #expect(index.isBuilt)
    }
  }
}
