import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// A failed test that drew from `.seededRandom` prints the run's seed and the command that
/// replays it, and running that command draws the same numbers again — alone as in the full
/// run — while another seed draws others.
///
/// ``ReplayCases`` run in child processes (this test binary again, filtered), as `swift test`
/// would run them: with no `CLEANSLATE_SEED` first, then with the one the failure printed.
@Suite struct ReplayTests {
  @Test func replayingTheSeedAFailedTestPrintedDrawsTheSameNumbers() async throws {
    // Given a run of the whole suite, without CLEANSLATE_SEED, in which one test fails
    let full = try await ReplayCases.run(filter: "ReplayCases", seed: nil)
    let drawn = try #require(full.draws["drawsAndFails()"], "\(full.output)")
    #expect(full.draws["drawsFirst()"] != nil, "\(full.output)")

    // When its failure's replay command runs it alone, with the seed it names
    let replay = try #require(full.replay, "\(full.output)")
    let alone = try await ReplayCases.run(filter: replay.filter, seed: replay.seed)

    // Then it alone ran, and drew the same numbers
    #expect(Set(alone.draws.keys) == ["drawsAndFails()"], "\(alone.output)")
    #expect(alone.draws["drawsAndFails()"] == drawn)
    #expect(alone.replay?.seed == replay.seed)
  }

  @Test func anotherSeedDrawsOtherNumbers() async throws {
    // When the suite runs with one seed, then another
    let one = try await ReplayCases.run(filter: "ReplayCases", seed: "1")
    let other = try await ReplayCases.run(filter: "ReplayCases", seed: "2")

    // Then each test drew other numbers
    #expect(one.draws.count == 2, "\(one.output)")
    #expect(one.draws["drawsFirst()"] != other.draws["drawsFirst()"])
    #expect(one.draws["drawsAndFails()"] != other.draws["drawsAndFails()"])
  }
}

/// Tests that draw from `.seededRandom` and print what they drew; one fails. They run only in
/// the child processes of ``ReplayTests``.
@Suite(.cleanSlate, .enabled(if: ReplayRun.isChild)) struct ReplayCases {
  @Test func drawsFirst() async throws {
    try await Self.draw("drawsFirst()")
  }

  @Test func drawsAndFails() async throws {
    try await Self.draw("drawsAndFails()")
    Issue.record("fails on purpose, to print its seed")
  }

  /// Draws five numbers and prints them.
  private static func draw(_ test: String) async throws {
    var random = try await use(.seededRandom)
    ReplayRun.print(
      (0..<5).map { _ in Int.random(in: 0..<1_000_000, using: &random) }, drawnBy: test)
  }

  /// Runs the tests `filter` selects in a child process, with `seed` as `CLEANSLATE_SEED`.
  static func run(filter: String, seed: String?) async throws -> ReplayRun {
    try await ReplayRun(["--testing-library", "swift-testing", "--filter", filter], seed: seed)
  }
}
