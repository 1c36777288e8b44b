import CleanSlate
import CleanSlateTestSupport
import CleanSlateXCTest
import Foundation
import XCTest

@testable import CleanSlateXCTest

/// A deterministic slate through `FixtureTestCase`: a time zone per test, restored after it
/// (after one that throws too), UUIDs that count from zero in every test, and a seeded generator
/// whose failed test prints the seed and the command that replays it.
final class DeterministicXCTests: FixtureTestCase {
  nonisolated(unsafe) private static var runs: [String: NestedRun] = [:]
  /// The zone before the nested runs, for their tests to compare with.
  nonisolated(unsafe) static var zoneBefore: ProcessTimeZone?

  override class func setUp() {
    super.setUp()
    // XCTest runs one test at a time: nothing else changes the zone while these nested runs go.
    zoneBefore = .now
    runs = [
      "zones": NestedRun(
        ZoneCase.self,
        eightZones.indices.map { index in
          ("zone\(index)", asyncTest { testCase in { try await testCase.usesZone(index) } })
        }
          + [("throwsInZone", asyncTest(ZoneCase.throwsInZone))]),
      "seed": NestedRun(SeedCase.self, [("drawsAndFails", asyncTest(SeedCase.drawsAndFails))]),
    ]
  }

  func testEachTestSeesItsOwnZoneAndTheZoneIsRestoredAfterEvenOneThatThrows() throws {
    // Given eight tests in a row, each setting another zone, then one that sets a zone and throws
    // When they have run
    let run = try XCTUnwrap(Self.runs["zones"])

    // Then each test saw the zone from before the tests in its setUp, and its own in its body;
    // only the test that threw failed; and the zone is the one from before them all
    let before = try XCTUnwrap(Self.zoneBefore)
    XCTAssertEqual(
      run.events,
      eightZones.flatMap { ["setUp saw the zone from before", "saw \($0) everywhere"] }
        + ["setUp saw the zone from before"])
    XCTAssertEqual(run.failures.map(\.description), [#"threw error "boom""#])
    XCTAssertEqual(ProcessTimeZone.now, before)
  }

  func testUUIDsCountFromZero() async throws {
    let uuid = try await use(.uuids)
    XCTAssertEqual([uuid(), uuid()], [UUIDGenerator.counted(0), UUIDGenerator.counted(1)])
  }

  func testUUIDsCountFromZeroInTheNextTestToo() async throws {
    let uuid = try await use(.uuids)
    XCTAssertEqual(uuid(), UUIDGenerator.counted(0))
  }

  func testTheGeneratorIsSeededFromTheRunsSeedAndThisTestsName() async throws {
    // When the test takes the generator
    let random = try await use(.seededRandom)

    // Then its seed is the run's, mixed with the test's name as swift test list prints it
    let name =
      "CleanSlateXCTestTests.DeterministicXCTests/testTheGeneratorIsSeededFromTheRunsSeedAndThisTestsName"
    XCTAssertEqual(random.seed, try RunSeed.current.get().seed(for: TestIdentity(name: name)))
  }

  func testAFailedTestThatDrewPrintsTheSeedAndTheCommandThatReplaysIt() throws {
    // Given a test that draws from a run seed set by CLEANSLATE_SEED
    // When it fails
    let run = try XCTUnwrap(Self.runs["seed"])

    // Then it failed for its own reason only, and its output has a note, at the line that asked
    // for the generator, with the seed and the command that replays exactly it
    XCTAssertEqual(
      run.failures.map(\.description), [#"XCTAssertEqual failed: ("1") is not equal to ("2") - "#])
    let note = """
      \(#filePath):\(SeedCase.useLine): note: SeedCase.drawsAndFails : .seededRandom drew from the run's seed 42 (set by CLEANSLATE_SEED).
        Replay the same draws: CLEANSLATE_SEED=42 swift test --filter '^(CleanSlateXCTestTests\\.SeedCase/drawsAndFails)$'

      """
    XCTAssertTrue(run.output.contains(note), run.output)
  }

  func testAnXCTestIsNamedAsSwiftTestListPrintsIt() {
    // swift-corelibs-xctest names a test `Class.method`, Apple's XCTest `-[Class method]`.
    for name in ["SeedCase.drawsAndFails", "-[SeedCase drawsAndFails]"] {
      XCTAssertEqual(
        TestIdentity(xcTestNamed: name, of: SeedCase.self).name,
        "CleanSlateXCTestTests.SeedCase/drawsAndFails")
    }
  }
}

/// Tests that each set a zone; one throws.
final class ZoneCase: RecordingTestCase {
  override func setUp() async throws {
    try await super.setUp()
    if ProcessTimeZone.now == DeterministicXCTests.zoneBefore {
      log("setUp saw the zone from before")
    }
  }

  func usesZone(_ index: Int) async throws {
    try await use(.timeZone(eightZones[index]))
    await Task.yield()
    if ProcessTimeZone.now.isEverywhere(eightZones[index]) {
      log("saw \(eightZones[index]) everywhere")
    }
  }

  func throwsInZone() async throws {
    try await use(.timeZone("Asia/Tokyo"))
    throw Boom()
  }
}

/// A test that draws from a seeded generator, then fails.
final class SeedCase: RecordingTestCase {
  static let seeded = Fixture.seededRandom(runSeed: .success(RunSeed(42, origin: .environment)))
  static let useLine = #line + 3

  func drawsAndFails() async throws {
    let random = try await use(Self.seeded)
    _ = random.next()
    XCTAssertEqual("1", "2")
  }
}
