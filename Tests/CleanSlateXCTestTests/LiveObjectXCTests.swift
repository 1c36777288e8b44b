import CleanSlate
import CleanSlateTestSupport
import CleanSlateXCTest
import Foundation
import XCTest

/// A test scope frees everything it owns when its test ends, in XCTest too, though XCTest keeps
/// every test case instance: after 1,000 tests of a `FixtureTestCase`, each using a fixture with
/// a teardown, the engine's count of live scopes, records, fixture entries and teardown
/// sequences is no higher than it was. XCTest runs one test at a time, so the counts taken
/// around a nested run are that run's (an earlier test's ending may still let go of its scope
/// meanwhile: counts may go down, never up).
final class LiveObjectXCTests: XCTestCase {
  nonisolated(unsafe) private static var counts:
    [String: (before: [LiveObjects.Kind: Int], after: [LiveObjects.Kind: Int])] = [:]

  override class func setUp() {
    super.setUp()
    counts["freed"] = liveObjects { runCases(1_000) }
    counts["kept"] = liveObjects {
      LiveObjectCase.retains = true
      defer { LiveObjectCase.retains = false }
      runCases(1_000)
    }
  }

  func testEverythingATestOwnedIsFreedWhenItEnds() throws {
    // When 1,000 tests have run
    let counts = try XCTUnwrap(Self.counts["freed"])

    // Then no more objects of any kind are alive than before them
    XCTAssertFalse(
      counts.after.exceeds(counts.before),
      "after: \(Self.words(counts.after)), before: \(Self.words(counts.before))")
  }

  func testAScopeKeptAliveByATestIsCounted() throws {
    // When 1,000 tests have run, each fixture's teardown keeping its context (and so its scope)
    let counts = try XCTUnwrap(Self.counts["kept"])

    // Then the counts show it: the check above would fail
    XCTAssertTrue(
      counts.after.exceeds(counts.before),
      "after: \(Self.words(counts.after)), before: \(Self.words(counts.before))")
  }

  /// The live counts before and after `body`.
  private static func liveObjects(
    _ body: () -> Void
  ) -> (before: [LiveObjects.Kind: Int], after: [LiveObjects.Kind: Int]) {
    _ = ScopeRuntime.process  // made on first use: counted before, as after
    let before = LiveObjects.settled()
    body()
    return (before, LiveObjects.settled(atMost: before))
  }

  private static func words(_ counts: [LiveObjects.Kind: Int]) -> [String] {
    counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key)=\($0.value)" }
  }

  /// Runs `count` tests of ``LiveObjectCase`` in a suite of their own, their output kept out of
  /// the run's, and lets the suite (and with it XCTest's instances) go.
  private static func runCases(_ count: Int) {
    let suite = XCTestSuite(name: "LiveObjectCase")
    for index in 0..<count {
      suite.addTest(
        LiveObjectCase(name: "usesAFixture\(index)") { try ($0 as! LiveObjectCase).usesAFixture() })
    }
    capturingOutput { suite.run() }
    LiveObjectCase.tearDown()
  }
}

/// A `FixtureTestCase` whose tests each use a 64 KB fixture with a teardown.
final class LiveObjectCase: FixtureTestCase {
  nonisolated(unsafe) static var retains = false
  static let kept = Locked<[FixtureContext]>([])

  static let payload = Fixture<[UInt8]>("payload") { context in
    let payload = [UInt8](repeating: 1, count: 64 * 1024)
    context.addTeardown {
      if LiveObjectCase.retains { LiveObjectCase.kept.withLock { $0.append(context) } }
    }
    return payload
  }

  func usesAFixture() throws {
    XCTAssertEqual(try use(Self.payload).count, 64 * 1024)
  }
}
