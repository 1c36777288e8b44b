import CleanSlateTestSupport
import CleanSlateXCTest
import Foundation
import XCTest

/// The outcome of running some tests of a `FixtureTestCase` subclass inside another test run,
/// so that their intentional failures are counted there and not in the outer run.
///
/// XCTest on Linux forgets the running test once a nested run ends (its current test case is a
/// global the nested run resets), so assertions made after a nested run would be lost. Nested
/// runs are therefore made in the outer class's `setUp()` class method, before its tests start.
struct NestedRun {
  /// Each failure the nested tests recorded, in order.
  let failures: [RecordedFailure]
  /// XCTest's count of failures in the nested run.
  let failureCount: Int
  /// The journal the nested tests wrote, in order.
  let events: [String]
  /// The test case instances, kept alive as XCTest keeps them for the whole run.
  let testCases: [XCTest]
  /// What the nested run printed, XCTest's lines and CleanSlate's notes among them.
  let output: String

  /// Runs `tests` of `testClass` in a suite of their own, with the class's `setUp()` and
  /// `tearDown()` class methods around them, as XCTest runs a test class.
  init<Case: RecordingTestCase>(
    _ testClass: Case.Type, _ tests: [(String, (Case) -> () throws -> Void)]
  ) {
    Journal.shared.clear()
    let suite = ClassSuite(testClass)
    for (name, closure) in testCase(tests).allTests {
      suite.addTest(testClass.init(name: name, testClosure: closure))
    }
    output = capturingOutput { suite.run() }.output
    failures = Journal.shared.failures
    failureCount = suite.testRun?.totalFailureCount ?? -1
    events = Journal.shared.events
    testCases = suite.tests
  }
}

/// A failure a nested test recorded.
struct RecordedFailure: Equatable {
  let description: String
  let filePath: String
  let line: Int
}

/// A suite that runs one test class, as XCTest's own class suites do.
private final class ClassSuite: XCTestSuite {
  let testClass: XCTestCase.Type

  init(_ testClass: XCTestCase.Type) {
    self.testClass = testClass
    super.init(name: String(describing: testClass))
  }

  override func setUp() { testClass.setUp() }
  override func tearDown() { testClass.tearDown() }
}

/// A `FixtureTestCase` whose failures, as XCTest recorded them, go to the ``Journal``. Its
/// test methods must not start with `test`, so that `swift test` does not run them on its own.
class RecordingTestCase: FixtureTestCase {
  #if !canImport(ObjectiveC)
    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
      FailureObserver.registered
      super.init(name: name, testClosure: testClosure)
    }
  #endif
}

/// Journals the failures XCTest records for ``RecordingTestCase``s.
private final class FailureObserver: NSObject, XCTestObservation, @unchecked Sendable {
  static let registered: Void = {
    XCTestObservationCenter.shared.addTestObserver(FailureObserver())
  }()

  func testCase(
    _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
    atLine lineNumber: Int
  ) {
    guard testCase is RecordingTestCase else { return }
    Journal.shared.recordFailure(
      RecordedFailure(description: description, filePath: filePath ?? "", line: lineNumber))
  }
}

/// What the nested tests did, in order, from whichever thread they did it.
final class Journal: @unchecked Sendable {
  static let shared = Journal()

  private let lock = NSLock()
  private var storedEvents: [String] = []
  private var storedFailures: [RecordedFailure] = []

  var events: [String] { lock.withLock { storedEvents } }
  var failures: [RecordedFailure] { lock.withLock { storedFailures } }

  func log(_ event: String) { lock.withLock { storedEvents.append(event) } }

  func recordFailure(_ failure: RecordedFailure) {
    lock.withLock { storedFailures.append(failure) }
  }

  func clear() {
    lock.withLock {
      storedEvents = []
      storedFailures = []
    }
  }
}

/// Writes an event to the shared journal.
func log(_ event: String) { Journal.shared.log(event) }
