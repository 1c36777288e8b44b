package import CleanSlate
package import CleanSlateTestProcess

/// Launches some of a package's tests at once, as a session's launch, and says how each ended.
///
/// ``SwiftSessionLauncher`` launches a package's built tests; the tests of ``TestSession`` give it
/// a launcher that simulates a suite (flaky, failing, hanging and crashing tests) without building
/// one.
package protocol SessionLauncher: Sendable {
  /// Launches `tests` (the tests of the selection, or some of them), as `swift test` with the
  /// session's arguments would run them.
  func launch(_ tests: [TestName]) async throws -> Launch
}
