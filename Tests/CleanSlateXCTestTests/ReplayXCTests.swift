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
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["CLEANSLATE_REPLAY_CASES"] == "1",
      "Runs in a child process of ReplayXCTests.")
  }

  func testDrawsFirst() async throws {
    try await draw("testDrawsFirst")
  }

  func testDrawsAndFails() async throws {
    try await draw("testDrawsAndFails")
    XCTFail("fails on purpose, to print its seed")
  }

  /// Draws five numbers and prints them as `draws <test>: <numbers>`.
  private func draw(_ test: String) async throws {
    var random = try await use(.seededRandom)
    let numbers = (0..<5).map { _ in Int.random(in: 0..<1_000_000, using: &random) }
    print("draws \(test): \(numbers.map(String.init).joined(separator: " "))")
  }

  /// What a child process running some of these tests printed.
  struct Run {
    let output: String
    /// The numbers each test drew, by test.
    let draws: [String: String]
    /// The seed and filter of the replay command the failure printed, if it printed one.
    let replay: (seed: String, filter: String)?
  }

  /// Runs the tests `specifier` names (`Module.Class` or `Module.Class/method`) in a child
  /// process, with `seed` as `CLEANSLATE_SEED`.
  static func run(_ specifier: String, seed: String?) async throws -> Run {
    var environment = ProcessInfo.processInfo.environment
    environment["CLEANSLATE_REPLAY_CASES"] = "1"
    environment["CLEANSLATE_SEED"] = seed
    environment["CLEANSLATE_TRACE"] = nil
    environment["CLEANSLATE_SENTINEL"] = nil
    let outcome = try await HelperExecutable(url: URL(fileURLWithPath: CommandLine.arguments[0]))
      .run([specifier], environment: environment)
    let output = outcome.standardOutput + outcome.standardError
    var draws: [String: String] = [:]
    for line in output.split(separator: "\n") where line.hasPrefix("draws ") {
      let parts = line.dropFirst("draws ".count).split(separator: ": ", maxSplits: 1)
      if parts.count == 2 { draws[String(parts[0])] = String(parts[1]) }
    }
    let command = #/CLEANSLATE_SEED=(\d+) swift test --filter '([^']*)'/#
    let replay = output.firstMatch(of: command).map { (String($0.1), String($0.2)) }
    return Run(output: output, draws: draws, replay: replay)
  }
}
