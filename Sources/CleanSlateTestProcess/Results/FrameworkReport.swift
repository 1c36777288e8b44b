import Foundation

/// What a test process's framework itself said of the tests it ran, apart from how each ended:
/// the tests it started, those it failed, the failures it recorded outside any test, and its last
/// words. ``Launch`` holds what it counted against this (``UnplacedFailure``): a failure the
/// count does not account for fails the session.
package struct FrameworkReport: Sendable, Equatable {
  /// The tests it started, as it names them (XCTest's `Class.test`, Swift Testing's
  /// `Module.Suite/test()`), in order.
  package var started: [String] = []
  /// The tests it said failed, as it names them: XCTest's `… failed (…)` lines, Swift Testing's
  /// tests that recorded an issue that fails them.
  package var failed: [String] = []
  /// Each failure it recorded outside any test (in a suite's trait, or after its test ended), in
  /// one line.
  package var outside: [String] = []
  /// Its last line about the run: XCTest's `Executed 3 tests, with 1 failure (0 unexpected) in …`,
  /// Swift Testing's `✘ Test run with 6 tests in 1 suite failed after … with 1 issue.`.
  package var summary: String?

  package init(
    started: [String] = [], failed: [String] = [], outside: [String] = [], summary: String? = nil
  ) {
    self.started = started
    self.failed = failed
    self.outside = outside
    self.summary = summary
  }

  /// Swift Testing's last line about the run in `output`: `✔ Test run with …` or `✘ Test run with …`.
  package static func swiftTestingSummary(in output: String) -> String? {
    output.split(separator: "\n").last { $0.contains(" Test run with ") }
      .map { String($0).trimmingCharacters(in: .whitespaces) }
  }
}
