import CleanSlateTesting
import Foundation
import Testing
import XCTest

/// Tests that take 4 seconds each, one after the other, when asked: under a limit of 7 seconds
/// each finishes in time, though the batch takes longer.
final class SlowXCTests: XCTestCase {
  func testFirstFinishesUnderTheLimit() { Self.takeTime() }

  func testSecondFinishesUnderTheLimit() { Self.takeTime() }

  static func takeTime(_ seconds: Double = 4) {
    if Behaviour.asks("slow") { Thread.sleep(forTimeInterval: seconds) }
  }
}

@Suite(.serialized) struct SlowSuite {
  @Test func firstFinishesUnderTheLimit() async throws { try await Self.takeTime() }

  @Test func secondFinishesUnderTheLimit() async throws { try await Self.takeTime() }

  @Test(.testTimeout(.seconds(30))) func takesLongerUnderItsOwnLimit() async throws {
    try await Self.takeTime(.seconds(8))
  }

  static func takeTime(_ duration: Duration = .seconds(4)) async throws {
    if Behaviour.asks("slow") { try await Task.sleep(for: duration) }
  }
}
