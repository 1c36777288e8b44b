import ArgumentParser
import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation

/// `cleanslate test`: runs a package's tests as `swift test` runs them (started directly from the
/// built test product), one shard of them balanced by past timings, failed tests retried alone,
/// each failure explained by experiments when asked, and writes JUnit XML, a JSON summary and an
/// HTML report.
///
/// The run flows through the runner's stages — select (``TestSelection``), session
/// (``TestSession``, which launches through ``SwiftSessionLauncher``), explain (``Explainer``) —
/// and every report hears one stream of ``SessionEvent``s.
struct TestCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Runs a package's tests: one shard of N balanced by past timings, with retries.",
    discussion: """
      The tests are built once, then every run starts the built test product with what swift \
      test would give it. A failed test runs again alone: failed, then passed, is flaky. A crash \
      or a hang is kept, named, and fails the run. --explain runs each test that failed again \
      under conditions it controls until the runs decide why. Arguments after -- go to swift \
      test (--parallel, -c release, --traits …).
      """)

  @OptionGroup(title: "Choosing the tests") var selection: Selection
  @OptionGroup(title: "Running them") var running: Running
  @OptionGroup(title: "Explaining failures") var explaining: Explaining
  @OptionGroup(title: "Reports") var reports: Reports

  @Argument(parsing: .postTerminator, help: "Arguments for swift test, after --.")
  var swiftTestArguments: [String] = []

  struct Selection: ParsableArguments {
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
        "Files with the durations of an earlier run, to balance the shards: lifecycle traces, JUnit or XUnit XML.",
        valueName: "file"))
    var timings: [String] = []

    @Flag(help: "Print the selected tests, one per line, and run nothing.")
    var list = false
  }

  struct Running: ParsableArguments {
    @Option(
      help: ArgumentHelp("Run a failed test again alone, up to this many times.", valueName: "n"))
    var retries = 0

    @Option(
      name: .customLong("repeat"),
      help: ArgumentHelp(
        "Run the selection this many times; a test that failed in one of them failed.",
        valueName: "n"))
    var repetitions = 1

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "End a test that runs longer than this, with its test process: it timed out (default: CLEANSLATE_TEST_TIMEOUT, else no limit).",
        valueName: "seconds"))
    var testTimeout: String?

    @Flag(help: "Exit with a failure when a test is flaky (failed, then passed).")
    var failOnFlaky = false
  }

  struct Explaining: ParsableArguments {
    @Flag(
      help:
        "After the run, tell why each test that failed at least once failed: order, seed, hash order, time zone, parallel (in one process or across processes), load, intrinsic (or failing, a hang, or unknown)."
    )
    var explain = false

    @Option(
      help: ArgumentHelp(
        "How long the experiments on one test may take, with --explain (default 60).",
        valueName: "seconds"))
    var explainBudget: String?
  }

  struct Reports: ParsableArguments {
    @Option(help: ArgumentHelp("Write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?

    @Option(
      help: ArgumentHelp(
        "Write each test's outcome, runs, failures, duration and cause as JSON to this file.",
        valueName: "file"))
    var summaryJSON: String?

    @Option(
      help: ArgumentHelp(
        "Write the run's lifecycle trace (CLEANSLATE_TRACE) to this file.", valueName: "file"))
    var trace: String?

    @Option(
      help: ArgumentHelp(
        "Write an HTML report of the run to this file: a timeline of every test, why each flaky test failed, every crash.",
        valueName: "file"))
    var html: String?
  }

  func validate() throws {
    guard running.retries >= 0 else { throw ValidationError("--retries must be 0 or more.") }
    guard running.repetitions >= 1 else { throw ValidationError("--repeat must be 1 or more.") }
    if let shard = selection.shard {
      do { _ = try ShardSpec(parsing: shard) } catch { throw ValidationError("\(error)") }
    }
    _ = try timeLimit
    if let explainBudget = explaining.explainBudget {
      guard explaining.explain else {
        throw ValidationError("--explain-budget sets the budget of --explain: give --explain too.")
      }
      guard budgetSeconds != nil else {
        throw ValidationError(
          "--explain-budget '\(explainBudget)' is not a number of seconds: give a whole number greater than 0, as 60."
        )
      }
    }
    if let (option, why) = SwiftTestArguments.ownedByCleanSlate(swiftTestArguments) {
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
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-test-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let trace =
      reports.trace ?? reports.html.map { _ in work.appendingPathComponent("trace.jsonl").path }
    let events = SessionEvents(reporters(trace: trace))

    // Select: build, list, filter, shard.
    let package = TestPackage(path: selection.packagePath, arguments: swiftTestArguments)
    if !selection.skipBuild {
      events.send(.note("Building the tests: \(package.buildInvocation)"))
      try await package.build()
    }
    let launcher = await TestLauncher.forPackage(
      at: selection.packagePath, buildOptions: SwiftTestArguments.buildOptions(swiftTestArguments),
      arguments: swiftTestArguments, workDirectory: work.appendingPathComponent("launcher"))
    if let note = launcher.note { events.send(.note(note)) }
    var sessionLauncher = makeLauncher(launcher, trace: trace, events: events)
    // Every test runs: start them now and list them meanwhile.
    let everything = selection.shard == nil && selection.filter.isEmpty && !selection.list
    if everything { sessionLauncher.startEverything() }
    sessionLauncher.listed = try await package.list(besideARun: everything)
    let spec = try selection.shard.map { try ShardSpec(parsing: $0) }
    let chosen = try TestSelection(
      listed: sessionLauncher.listed, filters: selection.filter, shard: spec,
      timings: readTimings(sharded: spec != nil, events: events))
    if selection.list {
      FileHandle.standardOutput.write(Data(chosen.tests.map { "\($0)\n" }.joined().utf8))
      return
    }
    if chosen.tests.isEmpty {
      FileHandle.standardOutput.write(
        Data(
          "Shard \(selection.shard ?? "") has no tests: there are more shards than tests. Nothing to run.\n"
            .utf8))
    }

    // Session: launches, retries, repeats, crashes and hangs.
    var session = TestSession(
      launcher: sessionLauncher, retries: running.retries, repetitions: running.repetitions)
    session.events = events
    var result = try await session.run(chosen.tests)

    // Explain: experiments on each test that failed.
    if explaining.explain {
      try await explainFailures(in: &result, ran: chosen.tests, launcher: launcher, events: events)
    }

    // Reports.
    try events.finish(FinishedSession(result, plan: chosen.plan, shard: spec))
    // A test failed or timed out in some repetition, or a test process crashed, or (when asked)
    // a test was flaky.
    if result.fails(failOnFlaky: running.failOnFlaky) { throw ExitCode.failure }
  }

  /// The reports the options ask for: the terminal always, then JUnit, JSON and HTML.
  private func reporters(trace: String?) -> [any SessionReporter] {
    var reporters: [any SessionReporter] = [TerminalReporter()]
    if let junit = reports.junit { reporters.append(JUnitReporter(path: junit)) }
    if let json = reports.summaryJSON { reporters.append(SummaryJSONReporter(path: json)) }
    if let html = reports.html, let trace {
      reporters.append(HTMLReporter(path: html, trace: trace))
    }
    return reporters
  }

  /// The limit of each test's time, from `--test-timeout` or else `CLEANSLATE_TEST_TIMEOUT`;
  /// `nil` for none.
  ///
  /// - Throws: `ValidationError` when it is not a number of seconds greater than 0.
  private var timeLimit: Duration? {
    get throws {
      let variable = ProcessInfo.processInfo.environment["CLEANSLATE_TEST_TIMEOUT"]
      guard let raw = running.testTimeout ?? variable else { return nil }
      let source = running.testTimeout != nil ? "--test-timeout" : "CLEANSLATE_TEST_TIMEOUT="
      let given = running.testTimeout != nil ? "\(source) '\(raw)'" : "\(source)'\(raw)'"
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
    guard let explainBudget = explaining.explainBudget else { return 60 }
    return Int(explainBudget.trimmingCharacters(in: .whitespaces)).flatMap { $0 > 0 ? $0 : nil }
  }

  /// Gives each record that failed at least once its cause, by experiments run after the run.
  private func explainFailures(
    in result: inout SessionResult, ran tests: [TestName], launcher: TestLauncher,
    events: SessionEvents
  ) async throws {
    let failed = result.explained
    guard !failed.isEmpty else { return }
    let budget = Duration.seconds(budgetSeconds ?? 60)
    events.send(.explaining(tests: failed.count, budget: budget))
    var runner = SwiftExperimentRunner(launcher: launcher, passthrough: swiftTestArguments)
    runner.timeLimit = try? timeLimit
    var explainer = Explainer(runner: runner, budget: budget)
    explainer.events = events
    let durations = Dictionary(
      result.records.map { ($0.name, $0.seconds) }, uniquingKeysWith: { first, _ in first })
    // Tests whose crashes went through the same code are one crash: explained once, with the
    // budget of each, and the others told so.
    for group in result.explainedTogether(failed, tests: tests) {
      let index = group[0]
      let test = result.records[index].name
      let together = tests.filter { $0.isSwiftTesting == test.isSwiftTesting }
      var evidence = RunEvidence(
        attempts: result.records[index].attempts, of: test, together: together,
        ranAtOnce: runner.ranAtOnce(test), processesOfTheirOwn: !test.isSwiftTesting)
      evidence.durations = durations
      explainer.budget = budget * group.count
      let cause = try await explainer.explain(test, evidence: evidence)
      result.records[index].cause = cause
      for other in group.dropFirst() {
        result.records[other].cause = cause.sameCrash(as: test)
      }
    }
  }

  /// The durations of `--timings`, warnings sent as notes; none when not sharded.
  private func readTimings(sharded: Bool, events: SessionEvents) -> TestTimings {
    guard sharded, !selection.timings.isEmpty else { return TestTimings() }
    let read = TimingsReader.read(selection.timings)
    for warning in read.warnings { events.send(.note("warning: \(warning)")) }
    if read.timings.isEmpty {
      events.send(.note("warning: no timings could be used; tests are split by count."))
    }
    return read.timings
  }

  /// The launcher of the session's tests: the arguments after `--`, each test's time limit, the
  /// session's trace (`--trace`, or the HTML report's), and a trace of each launch of its own
  /// when `--explain` starts from what the run saw.
  private func makeLauncher(
    _ launcher: TestLauncher, trace: String?, events: SessionEvents
  ) -> SwiftSessionLauncher {
    var session = SwiftSessionLauncher(launcher: launcher)
    session.passthrough = swiftTestArguments
    session.timeLimit = try? timeLimit
    session.traced = explaining.explain
    session.events = events
    if let trace {
      let path = URL(fileURLWithPath: trace).path
      try? FileManager.default.removeItem(atPath: path)
      session.variables["CLEANSLATE_TRACE"] = path
      // One run per shard in the trace, its retries included, so that `cleanslate summary` of
      // every shard's trace shows their balance.
      if ProcessInfo.processInfo.environment["CLEANSLATE_RUN_ID", default: ""].isEmpty {
        let shard = selection.shard.flatMap { try? ShardSpec(parsing: $0) }
          .map { "shard-\($0.index)-of-\($0.count)-" }
        session.variables["CLEANSLATE_RUN_ID"] =
          "\(shard ?? "")\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"
      }
    }
    return session
  }
}
