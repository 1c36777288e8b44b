import CleanSlate
import Foundation
import XCTest

/// Follows XCTest's run: which test is running (for failures found where no CleanSlate scope
/// is current), where each class's suite scope ends, and the end of the process scope when the
/// test bundle finishes.
final class ScopeObserver: NSObject, XCTestObservation, @unchecked Sendable {
  static let shared = ScopeObserver()

  /// The tests that started and did not finish: a test can run others inside it.
  private let running = Locked<[XCTestCase]>([])

  /// The test XCTest is running, if any: the innermost, when one runs others.
  var runningTestCase: XCTestCase? { running.withLock { $0.last } }

  func testCaseWillStart(_ testCase: XCTestCase) {
    running.withLock { $0.append(testCase) }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    running.withLock { running in
      if let index = running.lastIndex(where: { $0 === testCase }) { running.remove(at: index) }
    }
  }

  /// Marks the last test of each `FixtureTestCase` class in the suite: its suite scope ends there.
  func testSuiteWillStart(_ testSuite: XCTestSuite) {
    var lastTest: [ObjectIdentifier: FixtureTestCase] = [:]
    for case let test as FixtureTestCase in testSuite.tests {
      lastTest[ObjectIdentifier(type(of: test))] = test
    }
    for test in lastTest.values { test.endsSuiteScope = true }
  }

  /// Ends every scope still running: suite scopes of classes whose last test did not end them,
  /// then the process scope. No test is running any more, so their failures go to standard
  /// error (`FailuresOutsideTests`), and the process exits with a failure status if any failure
  /// was found where no test could record it: such a failure is never lost.
  func testBundleDidFinish(_ testBundle: Bundle) {
    SuiteScopes.shared.endAll()
    ScopeRuntime.process.endSynchronously(waiter: currentThreadWaiter())
    if FailuresOutsideTests.haveOccurred { exit(EXIT_FAILURE) }
  }
}
