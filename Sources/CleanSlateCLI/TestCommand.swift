import ArgumentParser
import CleanSlate
import CleanSlateExplain
import CleanSlateHistory
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation

/// `cleanslate test`: runs a package's tests as `swift test` runs them (started directly from the
/// built test product), one shard of them balanced by past timings, failed tests retried alone,
/// each failure explained by experiments when asked, and writes JUnit XML, a JSON summary and an
/// HTML report.
///
/// It maps its options onto the runner's stages and calls them in order — select
/// (``TestSelection``), session (``TestSession``, which launches through
/// ``SwiftSessionLauncher``), explain (``SessionResult/explainFailures(launcher:options:events:)``)
/// — and every report hears one stream of ``SessionEvent``s.
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
  @OptionGroup(title: "Running them") var session: Session
  @OptionGroup(title: "Explaining failures") var explaining: Explaining
  @OptionGroup(title: "Reports") var reports: Reports
  @OptionGroup(title: "Remembering sessions") var remembering: History

  @Argument(parsing: .postTerminator, help: "Arguments for swift test, after --.")
  var swiftTestArguments: [String] = []

  func validate() throws {
    guard session.retries >= 0 else { throw ValidationError("--retries must be 0 or more.") }
    guard session.repetitions >= 1 else { throw ValidationError("--repeat must be 1 or more.") }
    guard session.slowAfter >= 0, session.slowAfter.isFinite else {
      throw ValidationError("--slow-after must be a number of seconds, 0 or more (0: never).")
    }
    try validateUntilFailure()
    _ = try options()
    if let (option, why) = SwiftTestArguments.ownedByCleanSlate(swiftTestArguments) {
      throw ValidationError("\(option) after -- \(why) (before --).")
    }
  }

  func run() async throws {
    do {
      try await runTests(try options())
    } catch let error as RunnerError {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      throw ExitCode.failure
    }
  }

  private func runTests(_ options: Options) async throws {
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-test-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let signals = SignalStop(removing: work, note: TerminalReporter.standardError)
    let trace =
      reports.trace ?? reports.html.map { _ in work.appendingPathComponent("trace.jsonl").path }
    let history = await SessionHistory.open(
      options.history, quarantine: options.quarantine, newTestShare: options.newTestsShare,
      packagePath: selection.packagePath,
      command: PasswordRedaction.commandLine(CommandLine.arguments))
    let events = SessionEvents(reporters(trace: trace) + [history.recorder].compactMap { $0 })
    for note in history.notes { events.send(.note(note)) }

    // Select: build, list, filter, shard.
    let package = TestPackage(path: selection.packagePath, arguments: swiftTestArguments)
    if !selection.skipBuild { try await build(package, signals: signals, events: events) }
    let launcher = await TestLauncher.forPackage(
      at: selection.packagePath, buildOptions: SwiftTestArguments.buildOptions(swiftTestArguments),
      arguments: swiftTestArguments, workDirectory: work.appendingPathComponent("launcher"))
    if let note = launcher.note { events.send(.note(note)) }
    signals.stops(launcher.interruption)
    var sessionLauncher = SwiftSessionLauncher(
      launcher: launcher, passthrough: swiftTestArguments, timeLimit: options.timeLimit,
      events: events)
    sessionLauncher.traced = options.explain != nil || session.untilFailure != nil
    sessionLauncher.slowAfter = session.slowAfter > 0 ? .seconds(session.slowAfter) : nil
    if let trace { sessionLauncher.writeTrace(to: trace, shard: options.shard) }
    // Every test runs: start them now and list them meanwhile.
    let everything =
      options.shard == nil && selection.filter.isEmpty && !selection.list && !selection.lastFailed
    if everything { sessionLauncher.startEverything() }
    sessionLauncher.listed = try await package.list(besideARun: everything)
    let chosen = try TestSelection(
      listed: sessionLauncher.listed, filters: selection.filter, shard: options.shard,
      timings: options.shard == nil
        ? TestTimings() : TimingsReader.read(selection.timings, notes: events))
    if selection.list {
      FileHandle.standardOutput.write(Data(chosen.tests.map { "\($0)\n" }.joined().utf8))
      return
    }
    let tests =
      selection.lastFailed
      ? lastFailed(
        among: chosen.tests, stored: await history.lastSession(events: events), events: events)
      : chosen.tests
    if chosen.tests.isEmpty {
      FileHandle.standardOutput.write(
        Data(
          "Shard \(options.shard.map { "\($0)" } ?? "") has no tests: there are more shards than tests. Nothing to run.\n"
            .utf8))
    }

    // Session: launches, retries, repeats, crashes and hangs.
    let quarantine = await history.sessionQuarantine(
      listed: sessionLauncher.listed, selected: tests, events: events)
    var testSession = TestSession(
      launcher: sessionLauncher, retries: session.retries, repetitions: repetitionLimit)
    testSession.events = events
    testSession.quarantined = Set(quarantine.tests.keys)
    testSession.stopsAtFirstFailingRepetition = session.untilFailure != nil
    var result = try await testSession.run(tests)
    // A signal stops the session: what it saw is reported, and nothing more is launched.
    let interrupted = { signals.signal != nil }
    // (a session that ran nothing leaves the last session as it was)
    if !tests.isEmpty { keepLastSession(result, events: events) }
    // From here the tests' results are known: a step that stops on an error is one more thing
    // the session saw, and every report and the store still hear all of it.
    // New tests: those the store of runs has never seen pass run again, before they merge.
    var newTests: [TestName] = []
    var stoppedCheck: StoppedStep?
    do {
      if !interrupted() {
        newTests = try await history.checkNewTests(
          &result, selected: tests, launcher: sessionLauncher, events: events)
      }
    } catch {
      stoppedCheck = StoppedStep("the check of new tests", error: error)
    }
    var finished = FinishedSession(result, plan: chosen.plan, shard: options.shard)
    finished.quarantine = quarantine
    finished.newTests = newTests
    finished.untilFailure = untilFailure(
      result, selected: tests.count, quarantined: testSession.quarantined)
    events.send(.sessionEnded(finished))
    if let stoppedCheck { finished.stop(stoppedCheck, events: events) }

    // Explain: experiments on each test that failed.
    if let explain = options.explain, !interrupted() {
      await finished.step("--explain", events: events) {
        // With a store, each explanation goes on from what earlier sessions' experiments saw.
        _ = try await result.explainFailures(
          launcher: launcher, options: explain, events: events,
          prior: history.priorEvidence(afresh: options.explainAfresh, events: events))
      }
    }
    // Pending explanations of tests that passed go on, within their share of the session.
    if let total = options.explainPending, !interrupted() {
      await finished.step("--explain-pending", events: events) {
        let pending = await history.pendingExplanations(
          among: result.records.map(\.name), events: events)
        _ = try await result.goOnWithPending(
          pending, launcher: launcher,
          options: options.explain
            ?? ExplainOptions(timeLimit: options.timeLimit, passthrough: swiftTestArguments),
          total: total, events: events)
      }
    }

    // Reports: each writes what it heard; the store records the session, whatever they did.
    var unwritten: RunnerError?
    do { try events.finish() } catch { unwritten = error }
    let fails = finished.fails(failOnFlaky: session.failOnFlaky)
    // A signal heard at any step is the exit status a shell gives a process it killed.
    let status = signals.signal.map { 128 + $0 } ?? (fails || unwritten != nil ? 1 : 0)
    await history.record(exitStatus: status)
    if let unwritten, signals.signal == nil { throw unwritten }
    if let unwritten { FileHandle.standardError.write(Data("error: \(unwritten)\n".utf8)) }
    if status != 0 { throw ExitCode(status) }
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
}
