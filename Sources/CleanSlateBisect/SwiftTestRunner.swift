internal import CleanSlate
package import CleanSlateTestProcess
package import Foundation

/// Lists a package's tests with `swift test list`, and runs them as `swift test --skip-build`
/// would, through a ``TestLauncher`` (the built tests started directly): exact names, one test at
/// a time (`--no-parallel`), the sentinel on and a lifecycle trace per run.
///
/// A run is judged by the victim's own outcome (XCTest's line for it, or its entry in Swift
/// Testing's XUnit file), never by the exit status of `swift test`, which other tests' failures
/// set too. The sentinel only warns (`CLEANSLATE_SENTINEL_MODE=warn`, which holds for sentinels
/// the package's tests turn on themselves as well): what it saw is evidence, in the trace, and
/// never decides whether the victim passed.
package struct SwiftTestRunner: TestRunner {
  /// What starts the runs, of the package it was made for.
  package let launcher: TestLauncher
  /// The package's directory.
  package var packagePath: String { launcher.packagePath }
  /// Where each run's results and trace go.
  package let workDirectory: URL
  /// Whether runs watch process state (`CLEANSLATE_SENTINEL=1`), so that the trace of the run
  /// that fails says what the polluters left behind; `CLEANSLATE_SENTINEL=0` otherwise.
  package var watchesState = true
  /// Variables each run sets besides the sentinel's (`CLEANSLATE_SEED`, `TZ`), printed with its
  /// command.
  package var variables: [SwiftTestInvocation.Variable] = []
  /// Variables each run sets without printing them with its command: what keeps a run from
  /// leaving anything behind (`CLEANSLATE_KEEP_FAILED=0`), not what decides its outcome.
  package var hiddenVariables: [String: String] = [:]
  /// Arguments for every run (those given to `cleanslate test` after `--`).
  package var passthrough: [String] = []
  /// Whether the tests run at the same time, as `swift test` runs them with ``passthrough``
  /// (Swift Testing's in one process; XCTest's in processes of their own under `--parallel`),
  /// instead of one at a time (`--no-parallel`).
  package var parallel = false
  /// The temporary directory of each run (`TMPDIR`), where `swift` leaves folders of its own;
  /// this process's when `nil`.
  package var temporaryDirectory: URL?
  /// How long a test may run before it is ended with its test process (and fails, timed out);
  /// `nil`: as long as it takes.
  package var testTimeout: Duration?
  private let counter = RunCounter()

  package init(
    launcher: TestLauncher, workDirectory: URL, watchesState: Bool = true
  ) {
    self.launcher = launcher
    self.workDirectory = workDirectory
    self.watchesState = watchesState
  }

  /// Every test of the package, in the order `swift test` runs them.
  package func list() async throws -> [String] {
    do {
      return try await SwiftTestList.tests(packagePath: packagePath)
    } catch SwiftTestList.Failure.notBuilt {
      throw BisectError(
        .buildMissing,
        "No test build in \(packagePath): bisect runs swift test --skip-build. Build the tests first: swift build --build-tests --package-path \(packagePath)"
      )
    } catch let SwiftTestList.Failure.failed(status, output) {
      throw BisectError(.swiftTestFailed, "swift test list failed (status \(status)):\n\(output)")
    }
  }

  /// The command of a run of `tests`, as a user types it: the variables and arguments that
  /// decide what runs and how, without where bisect keeps the run's results and trace. The
  /// sentinel's variables are part of it when it watches (what it saw is the evidence); a run it
  /// does not watch turns it off without saying so.
  package func invocation(of tests: [String]) -> SwiftTestInvocation {
    var arguments = ["test", "--skip-build"]
    if packagePath != "." { arguments += ["--package-path", packagePath] }
    if !parallel { arguments.append("--no-parallel") }
    arguments += SwiftTestSelection.arguments(for: tests)
    arguments += parallel ? passthrough : passthrough.filter { !Self.parallelism.contains($0) }
    let sentinel: [SwiftTestInvocation.Variable] =
      watchesState
      ? [
        .init(name: "CLEANSLATE_SENTINEL", value: "1"),
        .init(name: "CLEANSLATE_SENTINEL_MODE", value: "warn"),
      ] : []
    return SwiftTestInvocation(environment: sentinel + variables, arguments: arguments)
  }

  package func run(_ tests: [String], victim: String) async throws -> TestRunOutcome {
    let number = counter.next()
    let results = workDirectory.appendingPathComponent("run-\(number).xml").path
    let trace = workDirectory.appendingPathComponent("run-\(number).jsonl").path
    let command = invocation(of: tests)
    var environment = ["CLEANSLATE_TRACE": trace]
    // The sentinel only warns, and stays off in a run it does not watch, whatever the
    // environment says.
    environment["CLEANSLATE_SENTINEL"] = watchesState ? "1" : "0"
    environment["CLEANSLATE_SENTINEL_MODE"] = "warn"
    environment.merge(hiddenVariables) { $1 }
    if let temporaryDirectory { environment["TMPDIR"] = temporaryDirectory.path }
    for variable in command.environment { environment[variable.name] = variable.value }
    var watch = testTimeout.map {
      SwiftTestWatch(limit: $0, directory: workDirectory.appendingPathComponent("watch-\(number)"))
    }
    watch?.reports = false
    let result = try await launcher.run(
      command.arguments + ["--xunit-output", results], environment: environment, watch: watch)
    if let hung = result.hung.first(where: { $0.names(victim) }) {
      return TestRunOutcome(
        victimPassed: false, firstFailure: hung.failure, command: command,
        tracePath: existing(trace))
    }
    let passed: Bool?
    let firstFailure: String?
    if SwiftTestFilter.isSwiftTesting(victim) {
      let file =
        tests.allSatisfy(SwiftTestFilter.isSwiftTesting)
        ? results : results.replacingOccurrences(of: ".xml", with: "-swift-testing.xml")
      let xml = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
      passed = XUnitResults.passed(victim, in: xml)
      firstFailure = XUnitResults.firstFailure(of: victim, in: xml)
    } else {
      // XCTest prints each test's end, except under --parallel: then its XUnit file says.
      let output = result.standardOutput + result.standardError
      let xml = { (try? String(contentsOfFile: results, encoding: .utf8)) ?? "" }
      passed = XCTestOutput.passed(victim, in: output) ?? XUnitResults.passed(victim, in: xml())
      firstFailure =
        XCTestOutput.firstFailure(of: victim, in: output)
        ?? XUnitResults.firstFailure(of: victim, in: xml())
    }
    guard let passed = passed ?? result.swiftTestingEnded[victim].map({ $0.outcome != .failed })
    else {
      if let process = result.processes.first(where: \.crashed) {
        // Its process died before the victim ended (in it, or in a test beside or before it).
        let crash = process.crash(among: tests)
        var outcome = TestRunOutcome(
          victimPassed: false, firstFailure: Self.failure(of: victim, in: crash), command: command,
          tracePath: existing(trace))
        outcome.crash = crash
        return outcome
      }
      guard tests.count > 1 else {
        throw BisectError(
          .unknownVictim,
          "\(victim) did not run: swift test --filter '\(SwiftTestFilter.matching([victim]))' matched no test."
        )
      }
      // The run ended before the victim did (a crash): it did not pass.
      return TestRunOutcome(
        victimPassed: false,
        firstFailure: "it never finished: swift test ended with status \(result.status) first",
        command: command, tracePath: existing(trace))
    }
    return TestRunOutcome(
      victimPassed: passed, firstFailure: passed ? nil : firstFailure, command: command,
      tracePath: existing(trace))
  }

  /// The failure of `victim`, which never ended because its process crashed: `it crashed
  /// (signal 11)` with the crash's fatal error, or, when a frame pins the crash on another test,
  /// that its test process crashed in that one.
  static func failure(of victim: String, in crash: TestCrash) -> String {
    let fatalError = crash.backtrace?.fatalErrorMessage.map { ": \($0)" } ?? ""
    let ending = crash.ending.split(separator: " (").first ?? ""
    if let test = crash.test, test != victim {
      return "its test process crashed (\(ending)) in \(test)\(fatalError)"
    }
    return "it crashed (\(ending))\(fatalError)"
  }

  /// The options of `swift test` that choose how tests run at once, left out of a run of tests
  /// one at a time.
  private static let parallelism: Set<String> = ["--parallel", "--no-parallel"]

  private func existing(_ path: String) -> String? {
    FileManager.default.fileExists(atPath: path) ? path : nil
  }
}
