package import CleanSlate

/// What one launch runs and how: which tests, one at a time or as the arguments after `--` run
/// them, the variables that decide their outcome (printed with the command) and those that only
/// keep the launch clean (not printed), whether the sentinel watches, whether the launch keeps a
/// lifecycle trace of its own, and each test's time limit.
package struct LaunchRequest: Sendable {
  /// The tests to run, named as `swift test list` prints them; its ends are read for them.
  package var tests: [TestName]
  /// Whether ``tests`` are every test of the package: then the command has no filter.
  package var everyTest = false
  /// Whether the tests run one at a time, in order (`--no-parallel`, and no `--parallel`), rather
  /// than as the arguments after `--` run them (Swift Testing's at once in one process, XCTest's
  /// at once only under `--parallel`, each in a process of its own).
  package var oneAtATime = false
  /// The arguments given after `--`.
  package var passthrough: [String] = []
  /// Variables that decide what runs and how (`CLEANSLATE_SEED`, `TZ`), set and printed with the
  /// command, in order.
  package var variables: [SwiftTestInvocation.Variable] = []
  /// Variables set without being printed: what keeps a launch from leaving anything behind
  /// (`CLEANSLATE_KEEP_FAILED=0`), not what decides its outcome.
  package var hiddenVariables: [String: String] = [:]
  /// Whether the sentinel watches each test, only warning (`CLEANSLATE_SENTINEL=1` and
  /// `CLEANSLATE_SENTINEL_MODE=warn`, printed: what it saw is evidence), or stays off
  /// (`CLEANSLATE_SENTINEL=0`, not printed); `nil`: as the environment says.
  package var sentinel: Bool?
  /// Whether the launch writes a lifecycle trace of its own (``Launch/traced``).
  package var traced = false
  /// Whether the launch's tests get a temporary directory of their own (`TMPDIR`, not printed),
  /// shared by every test process of the launch and removed after it, rather than `cleanslate`'s.
  package var ownTemporaryDirectory = false
  /// How long a test may run before it is ended with its test process (and has timed out);
  /// `nil`: as long as it takes.
  package var timeLimit: Duration?
  /// Who hears the launch's progress as it runs (``TestProgress``): each test's end as its
  /// framework says it, each test still running past ``slowAfter``; `nil`: no one.
  package var progress: TestProgress.Listener?
  /// How long a test runs before ``progress`` hears that it is slow, and again each period;
  /// `nil`: never.
  package var slowAfter: Duration?
  /// Whether a test ended at its limit is reported with where it was stuck (what CleanSlate knew
  /// of it, every thread's stack), which takes a moment, or ended at once.
  package var hangReports = true
  /// Whether a crash is reported quickly (``QuickCrashReports``): the runtime writes the crashed
  /// thread's addresses and the launch names them, a fraction of a second where the runtime's
  /// own names take seconds (10 to 40 for a server app's debug build on a busy machine). Asked
  /// for by the experiments and by a session's own runs; where the tests cannot be started
  /// directly, on a platform without the tools, or when the environment sets `SWIFT_BACKTRACE`,
  /// the runtime's report as usual.
  package var quickCrashReports = false

  /// A launch of `tests`.
  package init(_ tests: [TestName], everyTest: Bool = false) {
    self.tests = tests
    self.everyTest = everyTest
  }

  /// The sentinel's variables a user sees in the command: both, when it watches.
  var shownSentinel: [SwiftTestInvocation.Variable] {
    sentinel == true
      ? [
        .init(name: "CLEANSLATE_SENTINEL", value: "1"),
        .init(name: "CLEANSLATE_SENTINEL_MODE", value: "warn"),
      ] : []
  }
}
