import Foundation
import XCTest

/// Watches XCTest's run to end suite scopes in the right test and the process scope when the
/// test bundle finishes.
final class ScopeObserver: NSObject, XCTestObservation, @unchecked Sendable {
  /// Registers the observer the first time a `FixtureTestCase` is created.
  static let registered: Void = {
    XCTestObservationCenter.shared.addTestObserver(ScopeObserver())
  }()

  /// Marks the last test of each `FixtureTestCase` class in the suite: its suite scope ends there.
  func testSuiteWillStart(_ testSuite: XCTestSuite) {
    var lastTest: [ObjectIdentifier: FixtureTestCase] = [:]
    for case let test as FixtureTestCase in testSuite.tests {
      lastTest[ObjectIdentifier(type(of: test))] = test
    }
    for test in lastTest.values { test.endsSuiteScope = true }
  }

  /// Ends every scope still running: suite scopes of classes whose last test did not end them,
  /// then the process scope. No test is running any more, so failures go to standard error in
  /// the format XCTest uses for its own.
  func testBundleDidFinish(_ testBundle: Bundle) {
    var failures = SuiteScopes.shared.endAll()
    failures += endSynchronously(ScopeRuntime.process)
    for failure in failures {
      let message =
        "\(failure.location.filePath):\(failure.location.line): error: \(failure.description)\n"
      FileHandle.standardError.write(Data(message.utf8))
    }
  }
}
