internal import CleanSlate
internal import CleanSlateBisect
internal import CleanSlateReport
package import CleanSlateTestProcess
package import Foundation

/// Runs the experiments of `--explain` as `swift test --skip-build` would, as `cleanslate bisect`
/// runs its runs (``SwiftTestRunner``, through a ``TestLauncher``: the built tests started
/// directly): exact names, the arguments given after `--`, the sentinel only warning, a lifecycle
/// trace per run, the victim judged by its own outcome.
///
/// Each run keeps its XUnit file, its trace and its temporary directory (`TMPDIR`, where the tests
/// leave their files) in a folder of its own under the work directory, removed once the run has
/// ended, and its tests keep nothing of a failed test (`CLEANSLATE_KEEP_FAILED=0`: no directory
/// moved aside, no database kept): experiments leave nothing behind.
package struct SwiftExperimentRunner: ExperimentRunner {
  /// What starts the runs, of the package it was made for.
  package let launcher: TestLauncher
  /// The arguments given after `--`.
  package let passthrough: [String]
  /// Where each run's folder goes.
  package let workDirectory: URL
  /// How long the explained test may run in an experiment before it is ended (and fails, timed
  /// out); `nil`: as long as it takes.
  package var testTimeout: Duration?
  private let counter = RunCounter()

  /// A runner of the tests `launcher` starts, with `passthrough` for `swift test`.
  package init(launcher: TestLauncher, passthrough: [String] = [], workDirectory: URL) {
    self.launcher = launcher
    self.passthrough = passthrough
    self.workDirectory = workDirectory
  }

  package func ranAtOnce(_ test: String) -> Bool {
    SwiftTestFilter.isSwiftTesting(test)
      ? !passthrough.contains("--no-parallel") : passthrough.contains("--parallel")
  }

  package func run(
    _ tests: [String], victim: String, in condition: ExperimentCondition
  ) async throws -> ExperimentRun {
    let folder = workDirectory.appendingPathComponent("experiment-\(counter.next())")
    let temporary = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var runner = SwiftTestRunner(
      launcher: launcher, workDirectory: folder, watchesState: condition.watchesState)
    runner.hiddenVariables = ["CLEANSLATE_KEEP_FAILED": "0"]
    runner.passthrough = passthrough
    runner.temporaryDirectory = temporary
    runner.testTimeout = testTimeout
    runner.parallel = condition.atOnce
    if let seed = condition.seed {
      runner.variables.append(.init(name: "CLEANSLATE_SEED", value: String(seed)))
    }
    if let zone = condition.timeZone { runner.variables.append(.init(name: "TZ", value: zone)) }
    if let testCase = condition.testCase {
      runner.variables.append(.init(name: "CLEANSLATE_TEST_CASE", value: testCase))
    }
    if condition.deterministicHashing {
      runner.variables.append(.init(name: "SWIFT_DETERMINISTIC_HASHING", value: "1"))
    }
    let outcome: TestRunOutcome
    do {
      outcome =
        condition.busy
        ? try await CPUHog.holding { try await runner.run(tests, victim: victim) }
        : try await runner.run(tests, victim: victim)
    } catch let error as BisectError where error.reason == .unknownVictim {
      // The test was listed, so it started: its process died before it ended (a crash).
      return ExperimentRun(
        passed: false, failure: "it never finished: its test process ended first",
        command: runner.invocation(of: tests))
    }
    var run = ExperimentRun(
      passed: outcome.victimPassed, failure: outcome.firstFailure, command: outcome.command)
    if let path = outcome.tracePath, let log = try? TraceReader.read([path]) {
      let facts = RunTraceFacts(log: log)
      run.drewFromSeededRandom = facts.drewFromSeededRandom(victim)
      run.seed = facts.seed(of: victim)
      run.beside = facts.beside(victim, among: tests)
      run.leftBehind = facts.leftBehind(tests)
      run.failedCases = facts.failedCases(of: victim)
    }
    if let crash = outcome.crash {
      // The tests that were running when its process died ran beside it, whatever the trace
      // (which tests without a CleanSlate scope do not write) says.
      run.crash = crash
      run.beside += crash.running.filter { $0 != victim && !run.beside.contains($0) }
    }
    return run
  }
}
