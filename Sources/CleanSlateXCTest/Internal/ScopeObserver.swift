import CleanSlate
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
  /// the format XCTest uses for its own, and the process exits with a failure status, as it
  /// would had a test failed: a failure at the end of the run is never lost.
  func testBundleDidFinish(_ testBundle: Bundle) {
    Self.reportOutsideTests(SuiteScopes.shared.endAll() + endSynchronously(ScopeRuntime.process))
    if Self.failedOutsideTests.value { exit(EXIT_FAILURE) }
  }

  /// Whether a failure was found while no test was running (see ``reportOutsideTests(_:)``).
  private static let failedOutsideTests = Locked(false)

  /// Prints failures found while no test runs, in XCTest's own format, and remembers that the
  /// run must fail when the bundle finishes.
  static func reportOutsideTests(_ failures: [CleanSlateError]) {
    guard !failures.isEmpty else { return }
    failedOutsideTests.withLock { $0 = true }
    for failure in failures {
      let message =
        "\(failure.location.filePath):\(failure.location.line): error: \(failure.description)\n"
      FileHandle.standardError.write(Data(message.utf8))
    }
  }
}
