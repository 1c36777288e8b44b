import CleanSlate
import CleanSlateXCTestLoading
import Foundation
import XCTest

/// Connects CleanSlate to XCTest once per process: the observer that follows the run
/// (``ScopeObserver``), and the recorder of failures found where no CleanSlate scope is current.
///
/// It is installed when the test binary loads (a constructor of the `CleanSlateXCTestLoading`
/// target calls ``cleanSlateXCTestDidLoad()``), so that it follows every test, those of plain
/// `XCTestCase` classes included; creating a `FixtureTestCase` installs it too, should the
/// constructor not have run.
enum XCTestIntegration {
  static func install() { _ = installed }

  private static let installed: Void = {
    cleanslate_xctest_keep_loading()
    XCTestObservationCenter.shared.addTestObserver(ScopeObserver.shared)
    FailureSink.recordOutsideScopes { failure, _ in recordOutsideScopes(failure) }
    ScopelessCalls.register(explain)
  }()

  /// What XCTest tells about a call that found no CleanSlate scope: made while a plain
  /// `XCTestCase` runs, the class is not a `FixtureTestCase`; while a `FixtureTestCase` runs,
  /// the call comes from a task that does not inherit its test's scope.
  private static func explain(_ call: String) -> (String, String)? {
    guard let testCase = ScopeObserver.shared.runningTestCase else { return nil }
    guard testCase is FixtureTestCase else {
      return (
        "\(call) was called in \(type(of: testCase)), an XCTestCase that is not a FixtureTestCase.",
        "Inherit from FixtureTestCase (import CleanSlateXCTest) to give its tests CleanSlate scopes."
      )
    }
    return ScopelessCalls.detachedTask(call)
  }

  /// Records a failure found outside any CleanSlate scope on the running test, at its line, and
  /// returns what `use(_:)` throws then; `nil` when no XCTest test is running.
  private static func recordOutsideScopes(_ failure: CleanSlateError) -> (any Error)? {
    guard let testCase = ScopeObserver.shared.runningTestCase else { return nil }
    testCase.recordCleanSlateFailure(failure)
    return XCTSkip(after: failure)
  }
}

/// Installs CleanSlate's XCTest integration; called once, when the test binary loads.
@_cdecl("cleanslate_xctest_did_load")
func cleanSlateXCTestDidLoad() {
  XCTestIntegration.install()
}
