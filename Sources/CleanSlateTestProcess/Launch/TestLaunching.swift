package import CleanSlate

/// Launches some of a package's tests, as one launch with the settings its launcher holds, and
/// says how each ended: what a session's launches and bisect's steps are made of.
///
/// `SwiftSessionLauncher` launches a session's tests (at once, as `swift test` would), and
/// `BisectLauncher` launches a step of bisect (one at a time, watched, the victim last), each
/// through a ``TestLauncher`` that starts the built tests. Their tests give the session and the
/// search a launcher that simulates a suite (flaky, failing, hanging and crashing tests) without
/// building one. The experiments of `--explain` launch through a protocol of their own, since
/// each of their runs sets a condition and their budget is counted on a clock.
package protocol TestLaunching: Sendable {
  /// Launches `tests` (full names, as `swift test list` prints them), as the launcher's settings
  /// say.
  func launch(_ tests: [TestName]) async throws -> Launch
}
