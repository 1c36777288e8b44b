import CleanSlate
import CleanSlateTestSupport
import CleanSlateXCTest
import Foundation
import XCTest

/// A failed XCTest test that drew from `.seededRandom` prints the run's seed and the command that
/// replays it, and running that test with the seed draws the same numbers again — alone as in
/// its class's full run — while another seed draws others.
///
/// ``ReplayXCTestCases`` run in child processes (this test binary again, filtered), as
/// `swift test` runs XCTest: with no `CLEANSLATE_SEED` first, then with the one the failure
/// printed.
final class ReplayXCTests: XCTestCase {
  func testReplayingTheSeedAFailedTestPrintedDrawsTheSameNumbers() async throws {
    // Given a run of the whole class, without CLEANSLATE_SEED, in which one test fails
    let full = try await ReplayXCTestCases.run("CleanSlateXCTestTests.ReplayXCTestCases", seed: nil)
    let drawn = try XCTUnwrap(full.draws["testDrawsAndFails"], full.output)
    XCTAssertNotNil(full.draws["testDrawsFirst"], full.output)

    // When the test its replay command selects runs alone, with the seed it names
    let replay = try XCTUnwrap(full.replay, full.output)
    let filter = try Regex(replay.filter)
    let name = "CleanSlateXCTestTests.ReplayXCTestCases/testDrawsAndFails"
    XCTAssertNotNil(name.wholeMatch(of: filter))
    XCTAssertNil("CleanSlateXCTestTests.ReplayXCTestCases/testDrawsFirst".wholeMatch(of: filter))
    let alone = try await ReplayXCTestCases.run(name, seed: replay.seed)

    // Then it alone ran, and drew the same numbers
    XCTAssertEqual(Set(alone.draws.keys), ["testDrawsAndFails"], alone.output)
    XCTAssertEqual(alone.draws["testDrawsAndFails"], drawn)
    XCTAssertEqual(alone.replay?.seed, replay.seed)
  }

  func testAnotherSeedDrawsOtherNumbers() async throws {
    // When the class runs with one seed, then another
    let one = try await ReplayXCTestCases.run("CleanSlateXCTestTests.ReplayXCTestCases", seed: "1")
    let other = try await ReplayXCTestCases.run(
      "CleanSlateXCTestTests.ReplayXCTestCases", seed: "2")

    // Then each test drew other numbers
    XCTAssertEqual(one.draws.count, 2, one.output)
    XCTAssertNotEqual(one.draws["testDrawsFirst"], other.draws["testDrawsFirst"])
    XCTAssertNotEqual(one.draws["testDrawsAndFails"], other.draws["testDrawsAndFails"])
  }
}

/// Tests that draw from `.seededRandom` and print what they drew; one fails. They skip unless
/// they run in a child process of ``ReplayXCTests``.
final class ReplayXCTestCases: FixtureTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try XCTSkipUnless(ReplayRun.isChild, "Runs in a child process of ReplayXCTests.")
  }

  func testDrawsFirst() async throws {
    try await draw("testDrawsFirst")
  }

  func testDrawsAndFails() async throws {
    try await draw("testDrawsAndFails")
    XCTFail("fails on purpose, to print its seed")
  }

  /// Draws five numbers and prints them.
  private func draw(_ test: String) async throws {
    var random = try await use(.seededRandom)
    ReplayRun.print(
      (0..<5).map { _ in Int.random(in: 0..<1_000_000, using: &random) }, drawnBy: test)
  }

  /// Runs the tests `specifier` names (`Module.Class` or `Module.Class/method`) in a child
  /// process, with `seed` as `CLEANSLATE_SEED`.
  static func run(_ specifier: String, seed: String?) async throws -> ReplayRun {
    try await ReplayRun([specifier], seed: seed)
  }
}
