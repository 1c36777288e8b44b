import CleanSlateXCTest
import Foundation
import Shop
import XCTest

/// Time zone: written in Tokyo, where a sale at noon UTC prints 21:00; on a machine in another
/// zone it fails.
final class ReceiptXCTests: FixtureTestCase {
  func testReceiptShowsTheLocalTime() {
    let noonUTC = Date(timeIntervalSince1970: 1_767_268_800)  // 2026-01-01 12:00 UTC
    XCTAssertEqual(Receipt(at: noonUTC).time, "21:00")
  }
}
