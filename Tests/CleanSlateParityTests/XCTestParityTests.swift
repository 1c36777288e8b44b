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
    // own and the setup failure, at the broken fixture's declaration
    XCTAssertEqual(run.events, ParityScenario.expectedEvents)
    XCTAssertEqual(run.failureCount, 2)
    XCTAssertEqual(run.failures.count, 2)
    XCTAssertTrue(
      run.failures.first?.description.contains(ParityScenario.failureMessage) == true,
      "\(run.failures)")
    XCTAssertEqual(run.failures.last?.line, ParityScenario.brokenLine)
    XCTAssertTrue(
      run.failures.last?.description.contains(
        "Setup of fixture 'broken' threw: parity setup failure") == true,
      "\(run.failures)")
  }
}

/// The tests of the scenario as a `FixtureTestCase`. Its methods do not start with `test`, so
/// that `swift test` runs them only through ``ParityRun``.
final class ParityCase: FixtureTestCase {
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
    let suite = ParityClassSuite()
    let entries: [(String, (ParityCase) -> () throws -> Void)] = [
      ("passing", asyncTest(ParityCase.passing)),
      ("failing", asyncTest(ParityCase.failing)),
      ("brokenSetup", ParityCase.brokenSetup),
    ]
    for (name, closure) in testCase(entries).allTests {
      suite.addTest(ParityCase(name: name, testClosure: closure))
    }
    let observer = FailureRecorder()
    XCTestObservationCenter.shared.addTestObserver(observer)
    suite.run()
    XCTestObservationCenter.shared.removeTestObserver(observer)
    events = ParityScenario.takeEvents()
    failures = observer.failures.value
    failureCount = suite.testRun?.totalFailureCount ?? -1
  }
}

/// A suite that runs ``ParityCase`` with its class methods around it, as XCTest runs a class.
private final class ParityClassSuite: XCTestSuite {
  init() { super.init(name: "ParityCase") }
  override func setUp() { ParityCase.setUp() }
  override func tearDown() { ParityCase.tearDown() }
}

/// Records the failures of ``ParityCase`` tests.
private final class FailureRecorder: NSObject, XCTestObservation, Sendable {
  let failures = Locked<[(description: String, line: Int)]>([])

  func testCase(
    _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
    atLine lineNumber: Int
  ) {
    guard testCase is ParityCase else { return }
    failures.withLock { $0.append((description, lineNumber)) }
  }
}
