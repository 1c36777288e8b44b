import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// `use(.seededRandom)` gives each test a generator seeded from the run's seed and the test's
/// identity: the same draws for the same seed, alone or after other tests, and other draws for
/// another seed or another test.
@Suite struct SeededRandomTests {
  /// The first draws of `name`'s generator, in a test run after tests named `before`, each of
  /// which draws too.
  private func draws(
    of name: String, argumentCase: String? = nil, after before: [String] = [],
    runSeed: UInt64 = 42
  ) async throws -> [UInt64] {
    let fixture = Fixture.seededRandom(runSeed: .success(RunSeed(runSeed, origin: .environment)))
    let scopes = Scopes()
    for other in before {
      let test = scopes.test(other)
      let random = try await test.use(fixture, at: CodeLocation())
      _ = (0..<10).map { _ in random.next() }
      await test.end()
    }
    let test = ScopeRuntime(
      .test, name: name, parent: scopes.suite,
      identity: { TestIdentity(name: "Tests.\(name)", argumentCase: argumentCase) })
    var random = try await test.use(fixture, at: CodeLocation())
    let drawn = (0..<5).map { _ in UInt64.random(in: 0...UInt64.max, using: &random) }
    await test.end()
    return drawn
  }

  @Test func aTestDrawsTheSameAloneAndAfterOtherTests() async throws {
    // When a test runs alone, and after three others that draw too
    let alone = try await draws(of: "Suite/rolls()")
    let inTheFullRun = try await draws(
      of: "Suite/rolls()", after: ["Suite/a()", "Suite/rolls2()", "Other/b()"])

    // Then it draws the same numbers
    #expect(alone == inTheFullRun)
  }

  @Test func anotherSeedDrawsOtherNumbers() async throws {
    #expect(try await draws(of: "Suite/rolls()", runSeed: 1) != draws(of: "Suite/rolls()"))
  }

  @Test func eachTestAndEachArgumentCaseDrawsItsOwnNumbers() async throws {
    let rolls = try await draws(of: "Suite/rolls()")
    #expect(try await draws(of: "Suite/shuffles()") != rolls)
    #expect(
      try await draws(of: "Suite/rolls(_:)", argumentCase: "n → 1")
        != draws(of: "Suite/rolls(_:)", argumentCase: "n → 2"))
  }

  @Test func usesInOneTestDrawFromOneSequence() async throws {
    // Given a test
    let fixture = Fixture.seededRandom(runSeed: .success(RunSeed(7, origin: .environment)))
    let test = Scopes().test()

    // When it takes the generator twice, drawing from each
    let first = try await test.use(fixture, at: CodeLocation())
    let a = first.next()
    let second = try await test.use(fixture, at: CodeLocation())
    let b = second.next()
    await test.end()

    // Then the second use drew the next number, not the first again
    let fresh = SeededRandomNumberGenerator(seed: first.seed)
    #expect([a, b] == [fresh.next(), fresh.next()])
  }

  @Test func theGeneratorDrawsSplitMix64() {
    // SplitMix64's published first outputs for seed 0 and for seed 1234567.
    let zero = SeededRandomNumberGenerator(seed: 0)
    #expect(
      (0..<3).map { _ in zero.next() } == [
        0xe220_a839_7b1d_cdaf, 0x6e78_9e6a_a1b9_65f4, 0x06c4_5d18_8009_454f,
      ])
    let seeded = SeededRandomNumberGenerator(seed: 1_234_567)
    #expect(seeded.next() == 6_457_827_717_110_365_317)
  }

  @Test(arguments: [
    ("42", RunSeed(42, origin: .environment)),
    (" 18446744073709551615 ", RunSeed(UInt64.max, origin: .environment)),
  ])
  func aNumberInCLEANSLATE_SEEDIsTheRunsSeed(_ setting: String, seed: RunSeed) throws {
    #expect(try RunSeed.from(setting: setting).get() == seed)
  }

  @Test(arguments: [nil, "", "  "])
  func withoutCLEANSLATE_SEEDASeedIsChosenAtRandom(_ setting: String?) throws {
    let seed = try RunSeed.from(setting: setting).get()
    #expect(seed.origin == .random)
    #expect(seed.value <= UInt64(UInt32.max))
  }

  @Test(arguments: ["abc", "-1", "1.5", "18446744073709551616", "0x2a"])
  func aSettingThatIsNotAWholeNumberIsNoSeed(_ setting: String) {
    #expect(throws: InvalidRunSeed(setting: setting)) { try RunSeed.from(setting: setting).get() }
  }

  @Test func aFailedTestNotesTheSeedAndTheCommandThatReplaysIt() async throws {
    // Given a test that draws, with a seed chosen at random
    let fixture = Fixture.seededRandom(runSeed: .success(RunSeed(2_718_281_828, origin: .random)))
    let test = ScopeRuntime(
      .test, name: "Suite/ships()", parent: Scopes().suite,
      identity: { TestIdentity(name: "Shop.Suite/ships()") })
    let line = #line + 1
    _ = try await test.use(fixture, at: CodeLocation(line: line))

    // When it fails
    test.markFailed()
    await test.end()

    // Then its note names the seed, and the command that replays exactly this test with it
    #expect(
      test.failureNotes.map(\.text) == [
        """
        .seededRandom drew from the run's seed 2718281828 (chosen at random for this run).
          Replay the same draws: CLEANSLATE_SEED=2718281828 swift test --filter '^(Shop\\.Suite/ships\\(\\)(/.*)?)$'
        """
      ])
    #expect(test.failureNotes.first?.location.line == line)
  }

  @Test func theTraceHeaderRecordsTheRunsSeed() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-seed-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    TraceJSONLinesWriter(path: path).flush()
    let header = try #require(
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first)
    #expect(header.contains("\"seed\":\"\(try RunSeed.current.get().value)\""))
  }
}
