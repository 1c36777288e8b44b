import ArgumentParser
import CleanSlate
import CleanSlateBisect
import CleanSlateReport
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation

/// `cleanslate test`: runs a package's tests as `swift test` runs them (started directly from the
/// built test product), one shard of them balanced by past timings, failed tests retried alone,
/// and writes JUnit XML and a JSON summary.
struct TestCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Runs a package's tests: one shard of N balanced by past timings, with retries.",
    discussion: """
      Runs the tests swift test list prints, or those a --filter matches, or one --shard of \
      them: built once, then started from the built test product with what swift test would give \
      it (each retry, repeat and experiment too), or through swift test where that way is not \
      known. Shards are balanced by the tests' durations in --timings files \
      (lifecycle traces, or JUnit/XUnit XML of an earlier run); without timings the tests are \
      split by count. A failed test runs again alone up to --retries times: failed, then passed, \
      is flaky. With --repeat, a test that failed in one repetition failed. A crash of a test \
      process is pinned on its test from the crashed thread's frames (or the tests left run again \
      in halves), is kept in the summary, JSON and JUnit, and fails the run. With \
      --test-timeout, a test that runs longer is ended with its test process, timed out, with \
      where it was stuck (what CleanSlate knew of it, every thread's stack), and the tests its \
      process had not run run again. With --explain, each test that failed \
      at least once is run again by experiments (alone, seed, hash order, time zone, order, \
      parallel, load) until one decides why, within --explain-budget (60 s a test by default). Arguments after -- go to swift test.
      """)

  @Option(help: "The package's directory.")
  var packagePath = "."

  @Flag(help: "Run the tests as they were last built (else they are built first).")
  var skipBuild = false

  @Option(
    help: ArgumentHelp(
      "Run only the tests whose name matches this regular expression (repeatable).",
      valueName: "regex"))
  var filter: [String] = []

  @Option(help: ArgumentHelp("Run only shard K of N (1-based), as 2/4.", valueName: "K/N"))
  var shard: String?

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp(
      "Files with the durations of an earlier run: lifecycle traces, JUnit or XUnit XML.",
      valueName: "file"))
  var timings: [String] = []

  @Flag(help: "Print the selected tests, one per line, and run nothing.")
  var list = false

  @Option(
    help: ArgumentHelp("Run a failed test again alone, up to this many times.", valueName: "n"))
  var retries = 0

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "End a test that runs longer than this, with its test process; it has timed out (default: CLEANSLATE_TEST_TIMEOUT, else no limit).",
      valueName: "seconds"))
  var testTimeout: String?

  @Flag(help: "Exit with a failure when a test is flaky (failed, then passed).")
  var failOnFlaky = false

  @Option(
    name: .customLong("repeat"),
    help: ArgumentHelp(
      "Run the selection this many times; a test that failed in one of them failed.",
      valueName: "n"))
  var repetitions = 1

  @Flag(
    help:
      "After the run, tell why each test that failed at least once failed: order, seed, hash order, time zone, parallel (in one process or across processes), load, intrinsic (or failing, or unknown)."
  )
  var explain = false

  @Option(
    help: ArgumentHelp(
      "How long the experiments on one test may take, with --explain (default 60).",
      valueName: "seconds"))
  var explainBudget: String?

  @Option(help: ArgumentHelp("Write the results as JUnit XML to this file.", valueName: "file"))
  var junit: String?

  @Option(
    help: ArgumentHelp(
      "Write each test's outcome, runs, failures and duration as JSON to this file.",
      valueName: "file"))
  var summaryJSON: String?

  @Option(
    help: ArgumentHelp(
      "Write the run's lifecycle trace (CLEANSLATE_TRACE) to this file.", valueName: "file"))
  var trace: String?

  @Argument(parsing: .postTerminator, help: "Arguments for swift test, after --.")
  var swiftTestArguments: [String] = []

  func validate() throws {
    guard retries >= 0 else { throw ValidationError("--retries must be 0 or more.") }
    guard repetitions >= 1 else { throw ValidationError("--repeat must be 1 or more.") }
    if let shard {
      do { _ = try ShardSpec(parsing: shard) } catch { throw ValidationError("\(error)") }
    }
    _ = try timeLimit
    if let explainBudget {
      guard explain else {
        throw ValidationError("--explain-budget sets the budget of --explain: give --explain too.")
      }
      guard budgetSeconds != nil else {
        throw ValidationError(
          "--explain-budget '\(explainBudget)' is not a number of seconds: give a whole number greater than 0, as 60."
        )
      }
    }
    let ownOptions = [
      ("--filter", "would hide tests from cleanslate test: give --filter to cleanslate test"),
      ("--skip", "would hide tests from cleanslate test: give --filter to cleanslate test"),
      (
        "--xunit-output", "replaces the file cleanslate test reads: give --junit to cleanslate test"
      ),
    ]
    for (option, why) in ownOptions
    where swiftTestArguments.contains(where: { $0 == option || $0.hasPrefix(option + "=") }) {
      throw ValidationError("\(option) after -- \(why) (before --).")
    }
  }

  func run() async throws {
    do {
      try await runTests()
    } catch let error as RunnerError {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      throw ExitCode.failure
    }
  }

  private func runTests() async throws {
    let package = TestPackage(path: packagePath, arguments: swiftTestArguments)
    if !skipBuild {
      note("Building the tests: \(package.buildInvocation)")
      try await package.build()
    }
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-test-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let launcher = await TestLauncher.forPackage(
      at: packagePath, buildOptions: SwiftTestArguments.buildOptions(swiftTestArguments),
      arguments: swiftTestArguments, workDirectory: work.appendingPathComponent("launcher"))
    if let note = launcher.note { self.note(note) }
    var runner = makeRunner(launcher: launcher, workDirectory: work)
    // Every test runs: start them now and list them meanwhile.
    let everything = shard == nil && filter.isEmpty && !list
    if everything { runner.startEverything() }
    runner.listed = try await package.list(besideARun: everything)
    let spec = try shard.map { try ShardSpec(parsing: $0) }
    let selection = try TestSelection(
      listed: runner.listed, filters: filter, shard: spec,
      timings: readTimings(sharded: spec != nil))
    if list {
      for test in selection.tests { print(test) }
      return
    }
    if selection.tests.isEmpty {
      print("Shard \(shard ?? "") has no tests: there are more shards than tests. Nothing to run.")
    }
    var session = TestSession(runner: runner, retries: retries, repetitions: repetitions)
    session.progress = { event in
      switch event {
      case let .repetition(number, count): print("Repetition \(number) of \(count)")
      case let .retried(test, attempt, outcome):
        print("Retried \(test) alone (attempt \(attempt)): \(outcome.rawValue)")
      }
    }
    var run = try await session.run(selection.tests)
    if explain {
      try await explainFailures(
        in: &run.records, ran: selection.tests, launcher: launcher, work: work)
    }
    try write(run)
    for line in RunSummary(run, plan: selection.plan, shard: spec).lines { print(line) }
    // A test failed or timed out in some repetition, or a test process crashed, or (when asked)
    // a test was flaky.
    if run.fails(failOnFlaky: failOnFlaky) { throw ExitCode.failure }
  }

  /// The limit of each test's time, from `--test-timeout` or else `CLEANSLATE_TEST_TIMEOUT`;
  /// `nil` for none.
  ///
  /// - Throws: `ValidationError` when it is not a number of seconds greater than 0.
  private var timeLimit: Duration? {
    get throws {
      let variable = ProcessInfo.processInfo.environment["CLEANSLATE_TEST_TIMEOUT"]
      guard let raw = testTimeout ?? variable else { return nil }
      let source = testTimeout != nil ? "--test-timeout" : "CLEANSLATE_TEST_TIMEOUT="
      let given = testTimeout != nil ? "\(source) '\(raw)'" : "\(source)'\(raw)'"
      guard let seconds = Double(raw.trimmingCharacters(in: .whitespaces)), seconds.isFinite
      else {
        throw ValidationError(
          "\(given) is not a number of seconds: give a number of seconds greater than 0, as 60 or 2.5."
        )
      }
      guard seconds > 0 else {
        throw ValidationError(
          "\(given) is not greater than 0: give a number of seconds greater than 0, as 60 or 2.5."
        )
      }
      return .milliseconds(Int64((seconds * 1000).rounded()))
    }
  }

  /// The budget `--explain-budget` gives, in seconds; `nil` when it is not a whole number of
  /// seconds greater than 0.
  private var budgetSeconds: Int? {
    guard let explainBudget else { return 60 }
    return Int(explainBudget.trimmingCharacters(in: .whitespaces)).flatMap { $0 > 0 ? $0 : nil }
  }

  /// Gives each record that failed at least once its cause, by experiments run after the run.
  private func explainFailures(
    in records: inout [TestRecord], ran tests: [String], launcher: TestLauncher, work: URL
  ) async throws {
    let failed = records.indices.filter { records[$0].failures > 0 }
    guard !failed.isEmpty else { return }
    let budget = budgetSeconds ?? 60
    print(
      "Explaining \(failed.count) test\(failed.count == 1 ? "" : "s") that failed (a budget of \(budget) s each):"
    )
    var runner = SwiftExperimentRunner(
      launcher: launcher, passthrough: swiftTestArguments, workDirectory: work)
    runner.testTimeout = try? timeLimit
    var explainer = Explainer(runner: runner, budget: .seconds(budget))
    explainer.progress = { test, run in
      let outcome = run.passed ? "passed" : "failed" + (run.failure.map { ": \($0)" } ?? "")
      print("  \(test): \(run.what): \(outcome)")
    }
    for index in failed {
      let test = records[index].name
      let together = tests.filter {
        SwiftTestFilter.isSwiftTesting($0) == SwiftTestFilter.isSwiftTesting(test)
      }
      let earlier = Array(together.prefix { $0 != test })
      records[index].cause = try await explainer.explain(test, earlier: earlier, together: together)
    }
  }

  /// The durations of `--timings`, warnings printed; none when not sharded.
  private func readTimings(sharded: Bool) -> TestTimings {
    guard sharded, !timings.isEmpty else { return TestTimings() }
    let read = TimingsReader.read(timings)
    for warning in read.warnings { note("warning: \(warning)") }
    if read.timings.isEmpty { note("warning: no timings could be used; tests are split by count.") }
    return read.timings
  }

  /// A runner of the package's tests that echoes each `swift test` and what it printed.
  private func makeRunner(launcher: TestLauncher, workDirectory: URL) -> SwiftTestBatchRunner {
    var runner = SwiftTestBatchRunner(launcher: launcher, workDirectory: workDirectory)
    runner.passthrough = swiftTestArguments
    runner.testTimeout = try? timeLimit
    if let trace {
      let path = URL(fileURLWithPath: trace).path
      try? FileManager.default.removeItem(atPath: path)
      runner.environment["CLEANSLATE_TRACE"] = path
      // One run per shard in the trace, its retries included, so that `cleanslate summary` of
      // every shard's trace shows their balance.
      if ProcessInfo.processInfo.environment["CLEANSLATE_RUN_ID", default: ""].isEmpty {
        let shard = shard.flatMap { try? ShardSpec(parsing: $0) }
          .map { "shard-\($0.index)-of-\($0.count)-" }
        runner.environment["CLEANSLATE_RUN_ID"] =
          "\(shard ?? "")\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"
      }
    }
    runner.echo = { command, result in
      // One block, written at once: the command, what it printed, where each hung test was
      // stuck. (Printed line by line, another stream's lines landed inside a stack.)
      print(RunEcho.text(of: command, result), terminator: "")
      fflush(nil)
    }
    return runner
  }

  private func write(_ run: TestRun) throws {
    if let junit { try write(JUnitReport.xml(run), to: junit) }
    if let summaryJSON { try write(SummaryJSON.text(run), to: summaryJSON) }
  }

  private func write(_ text: String, to path: String) throws {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
      throw RunnerError(.cannotWrite, "cannot write \(path): \(error.localizedDescription)")
    }
  }

  private func note(_ line: String) {
    fflush(nil)
    FileHandle.standardError.write(Data("\(line)\n".utf8))
  }
}
