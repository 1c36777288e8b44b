import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlateTesting

/// A deterministic slate through the traits: a time zone per test, seen by that test alone while
/// Swift Testing runs others in parallel, and restored after it (after one that throws too);
/// UUIDs that count from zero in every test; a seeded generator per argument case, whose failed
/// test notes the seed and the command that replays it.
@Suite(.cleanSlate) struct DeterministicTraitTests {
  @Test(arguments: eightZones)
  func eachOfEightParallelTestsSeesOnlyItsOwnZone(_ identifier: String) async throws {
    // Given eight cases running in parallel, each setting another zone
    // When this one sets its zone, then gives the others every chance to run
    try await use(.timeZone(identifier))
    var looks: [Bool] = []
    for _ in 0..<20 {
      looks.append(ProcessTimeZone.now.isEverywhere(identifier))
      await Task.yield()
    }

    // Then it saw its own zone every time
    #expect(!looks.contains(false), "\(ProcessTimeZone.now)")
  }

  @Test func theZoneIsRestoredAfterATestAndAfterOneThatThrows() async throws {
    // Given the zone between tests
    let before = try await withProcessStateLock { ProcessTimeZone.now }
    let trait: CleanSlateTrait = .cleanSlate

    // When a test sets a zone and passes, and another sets one and throws
    let issues = try await TraitDriver().run {
      try await trait.provideScope(for: .test("Zones/passes()")) {
        try await use(.timeZone("Asia/Tokyo"))
      }
      await #expect(throws: Boom.self) {
        try await trait.provideScope(for: .test("Zones/throws()")) {
          try await use(.timeZone("Pacific/Auckland"))
          throw Boom()
        }
      }
    }

    // Then the zone between tests is the one from before
    #expect(issues.isEmpty)
    #expect(try await withProcessStateLock { ProcessTimeZone.now } == before)
  }

  @Test(arguments: 0..<4)
  func uuidsCountFromZeroInEveryTest(_ index: Int) async throws {
    // Given four cases running in parallel
    // When each takes UUIDs
    let uuid = try await use(.uuids)
    let taken = (0...index).map { _ in uuid() }

    // Then each counted from zero
    #expect(taken == (0...UInt64(index)).map(UUIDGenerator.counted))
  }

  @Test(arguments: [1, 2])
  func eachArgumentCaseDrawsFromItsOwnSeed(n: Int) async throws {
    // When a case of a parameterized test takes the generator
    let random = try await use(.seededRandom)

    // Then its seed is the run's, mixed with the test's name and its case's arguments
    let name =
      "CleanSlateTestingTests.DeterministicTraitTests/eachArgumentCaseDrawsFromItsOwnSeed(n:)"
    let seed = try RunSeed.current.get()
    #expect(random.seed == seed.seed(for: TestIdentity(name: name, argumentCase: "n → \(n)")))
    #expect(random.seed != seed.seed(for: TestIdentity(name: name, argumentCase: "n → \(3 - n)")))
  }

  @Test func aFailedTestThatDrewNotesTheSeedAsAWarningAtTheLineThatAskedForIt() async throws {
    // Given a test that draws from a run seed set by CLEANSLATE_SEED
    let seeded = Fixture.seededRandom(runSeed: .success(RunSeed(42, origin: .environment)))
    let driver = TraitDriver()
    let trait: CleanSlateTrait = .cleanSlate
    let useLine = #line + 7

    // When it fails
    let issues = try await driver.run {
      try await trait.provideScope(
        for: .test("Shop/ships()"), identity: { TestIdentity(name: "Shop.Shop/ships()") }
      ) {
        _ = try await use(seeded).next()
        Issue.record("the parcel was lost")
      }
    }

    // Then after its own failure comes a warning, which fails nothing, at the line that asked for
    // the generator, naming the seed and the command that replays exactly this test; the trace
    // has it as a note
    let note = """
      .seededRandom drew from the run's seed 42 (set by CLEANSLATE_SEED).
        Replay the same draws: CLEANSLATE_SEED=42 swift test --filter '^(Shop\\.Shop/ships\\(\\)(/.*)?)$'
      """
    #expect(issues.map(\.text) == ["the parcel was lost", note])
    #expect(issues.map(\.severity) == [.error, .warning])
    #expect(issues.last?.sourceLocation?.line == useLine)
    #expect(driver.events.all.filter { $0.phase == .note }.map(\.message) == [note])
  }

  @Test func aPassingTestThatDrewNotesNothing() async throws {
    let trait: CleanSlateTrait = .cleanSlate
    let issues = try await TraitDriver().run {
      try await trait.provideScope(for: .test("Shop/ships()")) {
        _ = try await use(.seededRandom).next()
      }
    }
    #expect(issues.isEmpty)
  }

  @Test(arguments: [1, 2])
  func aParameterizedCaseIsKnownByItsArguments(count: Int) throws {
    let identity = TestIdentity(try #require(Test.current).id, case: Test.Case.current)
    #expect(
      identity.description
        == "CleanSlateTestingTests.DeterministicTraitTests/aParameterizedCaseIsKnownByItsArguments(count:) (count → \(count))"
    )
  }
}
