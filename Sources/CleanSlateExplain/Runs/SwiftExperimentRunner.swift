package import CleanSlate
package import CleanSlateTestProcess

/// Runs the experiments of `--explain` as `swift test --skip-build` would, through a
/// ``TestLauncher`` (the built tests started directly): exact names, the arguments given after
/// `--`, the sentinel only warning, a lifecycle trace per run, each test judged by its own end.
///
/// Each run's tests get a temporary directory of their own (`TMPDIR`), which every test process of
/// the run shares — as the processes of the run being explained shared theirs — and which the
/// sentinel, when it watches, watches rather than giving each process one of its own
/// (`CLEANSLATE_LAUNCH_TMPDIR`): what the tests share in the run, they share in the experiment.
/// The folder goes once the run has ended, and the tests keep nothing of a failed test
/// (`CLEANSLATE_KEEP_FAILED=0`: no directory moved aside, no database kept): experiments leave
/// nothing behind.
package struct SwiftExperimentRunner: ExperimentRunner {
  /// What starts the runs, of the package it was made for.
  package let launcher: TestLauncher
  /// The arguments given after `--`.
  package let passthrough: [String]
  /// How long the explained test may run in an experiment before it is ended (and fails, timed
  /// out); `nil`: as long as it takes.
  package var timeLimit: Duration?

  /// A runner of the tests `launcher` starts, with `passthrough` for `swift test`, each test
  /// ended after `timeLimit` when one is given.
  package init(launcher: TestLauncher, passthrough: [String] = [], timeLimit: Duration? = nil) {
    self.launcher = launcher
    self.passthrough = passthrough
    self.timeLimit = timeLimit
  }

  /// The request for a run of `condition`.
  package func request(
    _ condition: RunCondition, of test: TestName, testCase: String?
  ) -> LaunchRequest {
    var request = LaunchRequest(condition.tests(with: test))
    request.oneAtATime = !condition.atOnce
    request.passthrough = passthrough
    request.sentinel = condition.watchesState
    request.traced = true
    request.ownTemporaryDirectory = true
    request.hiddenVariables = ["CLEANSLATE_KEEP_FAILED": "0"]
    request.timeLimit = timeLimit
    request.hangReports = false
    // A crash costs its run a tenth of a second, not the seconds the runtime's names take.
    request.quickCrashReports = true
    if let seed = condition.seed {
      request.variables.append(.init(name: "CLEANSLATE_SEED", value: String(seed)))
    }
    if let zone = condition.timeZone { request.variables.append(.init(name: "TZ", value: zone)) }
    if let testCase {
      request.variables.append(.init(name: "CLEANSLATE_TEST_CASE", value: testCase))
    }
    if condition.deterministicHashing {
      request.variables.append(.init(name: "SWIFT_DETERMINISTIC_HASHING", value: "1"))
    }
    return request
  }

  package func command(
    of condition: RunCondition, test: TestName, testCase: String?
  ) -> SwiftTestInvocation {
    launcher.invocation(of: request(condition, of: test, testCase: testCase))
  }

  package func run(
    _ condition: RunCondition, of test: TestName, testCase: String?
  ) async throws -> Launch {
    let request = request(condition, of: test, testCase: testCase)
    guard condition.busy else { return try await launcher.launch(request) }
    return try await CPUHog.holding { try await launcher.launch(request) }
  }
}
