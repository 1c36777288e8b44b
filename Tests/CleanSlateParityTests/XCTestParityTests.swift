import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The shared scenario through `FixtureTestCase`, run as a nested XCTest suite so that its
/// intentional failures are counted there, not in this run.
final class XCTestParityTests: XCTestCase {
  /// The nested run, made before this class's tests start: XCTest on Linux forgets the running
  /// test once a nested run ends, so assertions made after one would be lost.
  nonisolated(unsafe) private static var run: ParityRun?

  override class func setUp() {
    super.setUp()
    _ = ParityScenario.takeEvents()
    run = ParityRun()
  }

  func testFixtureTestCaseProducesTheSameEventsAndFailuresAsTheTraits() throws {
    // Given the shared fixtures, used lazily by one test and by another's setUp
    // When the class runs its three tests
    let run = try XCTUnwrap(Self.run)

    // Then the events are the shared expectation, and the two failures are the failing test's
    // own and the setup failure, at the line of setUp that asked for the broken fixture, naming
    // its declaration
    XCTAssertEqual(run.events, ParityScenario.expectedEvents)
    XCTAssertEqual(run.failureCount, 2)
    XCTAssertEqual(
      run.failures.map(\.description),
      [
        "failed - \(ParityScenario.failureMessage)",
        """
        Setup of fixture 'broken' threw: parity setup failure
          asked for at: CleanSlateParityTests/XCTestParityTests.swift:\(ParityCase.brokenUseLine)
          fixture 'broken' declared at: CleanSlateParityTests/ParityScenario.swift:\(ParityScenario.brokenLine)
          What it set up before it threw is torn down when the test ends.
        """,
      ])
    XCTAssertEqual(run.failures.last?.line, ParityCase.brokenUseLine)
  }
}

/// The tests of the scenario as a `FixtureTestCase`.
final class ParityCase: NestedCase {
  static let brokenUseLine = #line + 3
  override func setUp() async throws {
    try await super.setUp()
    if name.hasSuffix("brokenSetup") { _ = try await use(ParityScenario.broken) }
  }

  func passing() async throws { try await ParityScenario.passingBody() }

  func failing() async throws {
    try await ParityScenario.failingBody()
    XCTFail(ParityScenario.failureMessage)
  }

  func brokenSetup() { ParityScenario.brokenSetupBody() }
}

/// One nested run of ``ParityCase``: its events and the failures XCTest recorded.
struct ParityRun {
  let events: [String]
  let failures: [(description: String, line: Int)]
  let failureCount: Int

  init() {
    let run = NestedXCTestRun(
      ParityCase.self,
      [
        ("passing", asyncTest(ParityCase.passing)),
        ("failing", asyncTest(ParityCase.failing)),
        ("brokenSetup", ParityCase.brokenSetup),
      ])
    events = ParityScenario.takeEvents()
    failures = run.failures.map { ($0.description, $0.line) }
    failureCount = run.failureCount
  }
}
