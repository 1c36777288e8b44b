internal import CleanSlate
import CleanSlateChildProcess
package import CleanSlateTestProcess
package import Foundation

/// Runs tests as `swift test --skip-build` would, through a ``TestLauncher`` (the built tests
/// started directly): exact names (no filter when the batch is every listed test), the arguments
/// given after `--`, and an XUnit file per run to read Swift Testing's results from (XCTest's come
/// from what it prints).
///
/// A run of every test can start before the tests are listed (``startEverything()``), so that
/// `swift test list` runs beside it instead of before it.
package struct SwiftTestBatchRunner: TestBatchRunner {
  /// What starts the runs, of the package it was made for.
  package let launcher: TestLauncher
  /// Every test `swift test list` printed: a batch of all of them runs without a filter.
  package var listed: [String] = []
  /// Where each run's XUnit files go (removed once read).
  package let workDirectory: URL
  /// The arguments for `swift test` given after `--`.
  package var passthrough: [String] = []
  /// Variables set for `swift test` (`CLEANSLATE_TRACE`).
  package var environment: [String: String] = [:]
  /// Called with the command and what it printed, after each run.
  package var echo: @Sendable (SwiftTestInvocation, TestRunResult) -> Void = { _, _ in }
  /// How long a test may run before it is ended with its test process (`timedOut`); `nil`: as
  /// long as it takes.
  package var testTimeout: Duration?
  private let counter = RunCounter()
  /// The run of every test started early, until a batch of every test takes it.
  private let early = Locked<Started?>(nil)

  /// A command started, with its XUnit file.
  private struct Started {
    var command: SwiftTestInvocation
    var xunit: String
    var result: Task<TestRunResult, any Error>
  }

  /// A runner of the tests `launcher` starts, of which `listed` are every test.
  package init(launcher: TestLauncher, listed: [String] = [], workDirectory: URL) {
    self.launcher = launcher
    self.listed = listed
    self.workDirectory = workDirectory
  }

  /// Starts the run of every test now, before ``listed`` is known: the first batch of every
  /// listed test takes its results.
  package func startEverything() {
    let started = start(invocation(of: nil))
    early.withLock { $0 = started }
  }

  /// The command that runs `tests` (every test when `nil` or ``listed``), as a user types it
  /// (without the XUnit file).
  package func invocation(of tests: [String]?) -> SwiftTestInvocation {
    var arguments = ["test", "--skip-build"]
    let packagePath = launcher.packagePath
    if packagePath != "." { arguments += ["--package-path", packagePath] }
    if let tests, tests != listed { arguments += SwiftTestSelection.arguments(for: tests) }
    return SwiftTestInvocation(
      environment: environment.sorted { $0.key < $1.key }.map {
        .init(name: $0.key, value: $0.value)
      },
      arguments: arguments + passthrough)
  }

  /// Runs `tests` in one `swift test` (or takes the run of every test started early) and reads
  /// how each ended: XCTest's from what it printed, Swift Testing's from its XUnit file.
  ///
  /// A selection whose exact filter would pass the length Linux allows one argument (128 KiB:
  /// SwiftPM hands the selected names to the test process in one) runs in several `swift test`,
  /// one after the other.
  package func run(_ tests: [String]) async throws -> TestBatch {
    guard tests != listed else { return try await runOnce(tests) }
    var batch = TestBatch(results: [:])
    for part in Self.parts(of: tests) { batch.add(try await runOnce(part)) }
    return batch
  }

  /// `tests` in consecutive parts whose filter, and list of names, stay under `limit` bytes.
  static func parts(of tests: [String], limit: Int = 96 << 10) -> [[String]] {
    var parts: [[String]] = []
    var size = limit
    for test in tests {
      let cost = SwiftTestFilter.matching([test]).utf8.count
      if size + cost > limit {
        parts.append([])
        size = 0
      }
      parts[parts.count - 1].append(test)
      size += cost
    }
    return parts
  }

  private func runOnce(_ tests: [String]) async throws -> TestBatch {
    let started = early.withLock { early in
      let taken = tests == listed ? early : nil
      if taken != nil { early = nil }
      return taken
    }
    let run = started ?? start(invocation(of: tests))
    let swiftTestingXUnit = run.xunit.replacingOccurrences(
      of: ".xml", with: "-swift-testing.xml")
    defer {
      try? FileManager.default.removeItem(atPath: run.xunit)
      try? FileManager.default.removeItem(atPath: swiftTestingXUnit)
    }
    var result = try await run.result.value
    for index in result.hung.indices {
      // Named as `swift test list` prints them.
      if let test = tests.first(where: result.hung[index].names) { result.hung[index].name = test }
    }
    echo(run.command, result)
    let printed = XCTestOutput(output: result.standardOutput + "\n" + result.standardError)
    let files = [run.xunit, swiftTestingXUnit].map { path in
      XUnitResults(xml: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }
    var results: [String: TestResult] = [:]
    for test in tests {
      // (a Swift Testing process ended at a test's limit wrote no XUnit file: its event stream
      // tells which tests passed before)
      results[test] =
        printed[test] ?? files.lazy.compactMap { $0[test] }.first ?? result.swiftTestingEnded[test]
    }
    for hung in result.hung {
      guard let test = tests.first(where: hung.names) else { continue }
      results[test] = TestResult(
        .timedOut, seconds: Self.seconds(hung.ran), failure: hung.failure,
        report: Self.report(of: hung, named: test))
    }
    return TestBatch(
      results: results, status: result.status,
      crashes: Self.crashes(of: tests, results: results, printed: printed, in: result),
      endedAHungTest: !result.hung.isEmpty)
  }

  /// The crashes of a run's test processes: each process that died of a signal, or exited before
  /// its tests ended, other than one ended at a test's limit, with the tests that were running in
  /// it (from XCTest's lines and Swift Testing's event stream) and its own standard error (where
  /// the runtime wrote the crash's backtrace).
  ///
  /// A run through `swift test` (where the built tests cannot be started directly) shows no
  /// process: its crash is read from `exited with unexpected signal code 4`, and every test
  /// without a result that XCTest's lines do not place counts as running.
  static func crashes(
    of tests: [String], results: [String: TestResult], printed: XCTestOutput,
    in result: TestRunResult
  ) -> [TestCrash] {
    guard result.direct else {
      guard result.hung.isEmpty, let signal = result.signal else { return [] }
      let unfinished = tests.filter { results[$0] == nil }
      let running = unfinished.filter(printed.neverEnded)
      return [
        TestCrash(
          termination: .signalled(signal), running: running.isEmpty ? unfinished : running,
          // (`swift test` prints its test processes' standard error on its standard output)
          standardError: result.standardOutput + "\n" + result.standardError)
      ]
    }
    return result.processes.filter(\.crashed).map { $0.crash(among: tests) }
  }

  /// The report of a test that timed out, its first line naming it as `swift test list` does.
  package static func report(of hung: HungTest, named test: String) -> [String] {
    [
      "Timed out: \(test) ran for \(HangReport.seconds(hung.ran, decimals: 1)), past its limit of \(HangReport.seconds(hung.limit)); its test process was ended."
    ] + hung.report
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// Starts `command`, with an XUnit file of its own, and a watch of its tests' time when they
  /// have a limit.
  private func start(_ command: SwiftTestInvocation) -> Started {
    let number = counter.next()
    let xunit = workDirectory.appendingPathComponent("run-\(number).xml").path
    let environment = environment
    let launcher = launcher
    let watch = testTimeout.map {
      SwiftTestWatch(limit: $0, directory: workDirectory.appendingPathComponent("watch-\(number)"))
    }
    return Started(
      command: command, xunit: xunit,
      result: Task {
        try await launcher.run(
          command.arguments + ["--xunit-output", xunit], environment: environment, watch: watch)
      })
  }
}
