import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import CleanSlateTrace
import Foundation
import Testing

/// One stream of events feeds every report of a session: each reporter hears every event as it
/// happens, and writes what it writes when it hears the last.
@Suite struct SessionEventsTests {
  /// What a terminal reporter printed, a block or a note a line.
  final class Printed: Sendable {
    let blocks = Locked<[String]>([])
    let notes = Locked<[String]>([])
  }

  @Test func theTerminalPrintsEachEventAsItHappensAndTheSummaryAtTheEnd() throws {
    // Given a terminal reporter
    let printed = Printed()
    let events = SessionEvents([
      TerminalReporter(
        print: { text in printed.blocks.withLock { $0.append(text) } },
        note: { line in printed.notes.withLock { $0.append(line) } })
    ])

    // When a session's events go by
    events.send(.note("Building the tests: swift build --build-tests"))
    events.send(.repetition(number: 2, of: 3))
    events.send(.progress(test: "M.A/testA", .ended(.passed, seconds: 0.0021)))
    events.send(.progress(test: "M.A/testB", .slow(running: .seconds(60))))
    events.send(.progress(test: "M.A/testB", .ended(.failed, seconds: 61.5)))
    events.send(.progress(test: "M.A/testC", .ended(.skipped, seconds: nil)))
    events.send(.retried(test: "M.A/testB", attempt: 2, outcome: .passed))
    events.send(.explaining(tests: 1, budget: .seconds(60)))
    events.send(
      .experimentRan(test: "M.A/testB", run: ExperimentRun("alone", passed: false, failure: "boom"))
    )
    let record = TestRecord(
      name: "M.A/testB",
      attempts: [
        .init(repetition: 1, end: TestEnd(.failed, failure: "boom")),
        .init(repetition: 1, end: TestEnd(.passed), alone: true),
      ])
    events.send(.sessionEnded(FinishedSession(SessionResult(records: [record]))))
    try events.finish()

    // Then the terminal printed each, in order, notes on their own stream
    #expect(printed.notes.value == ["Building the tests: swift build --build-tests"])
    #expect(
      printed.blocks.value == [
        "Repetition 2 of 3\n", "PASS M.A/testA (0.002 s)\n", "SLOW M.A/testB has run 60 s\n",
        "FAIL M.A/testB (61.500 s)\n", "SKIP M.A/testC\n",
        "Retried M.A/testB alone (attempt 2): passed\n",
        "Explaining 1 test that failed (a budget of 60 s each):\n",
        "  M.A/testB: alone: failed: boom\n",
        "Flaky: M.A/testB (2 attempts: failed, passed)\n0 passed, 0 failed, 1 flaky, 0 skipped\n",
      ])
  }

  @Test func theFilesAreWrittenFromTheSameSessionAndAReportNeedsNoTrace() throws {
    // Given a session whose tests wrote no lifecycle trace (no CleanSlate scope)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-reporters-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = { (name: String) in directory.appendingPathComponent(name).path }
    let events = SessionEvents([
      JUnitReporter(path: path("junit.xml")), SummaryJSONReporter(path: path("summary.json")),
      HTMLReporter(path: path("report.html"), trace: path("no-trace.jsonl")),
    ])
    let result = SessionResult(records: [
      TestRecord(name: "M.A/testB", attempts: [.init(repetition: 1, end: TestEnd(.passed))])
    ])

    // When it ends
    events.send(.sessionEnded(FinishedSession(result)))
    try events.finish()

    // Then each file says the same session
    #expect(
      try String(contentsOfFile: path("junit.xml"), encoding: .utf8).contains(#"name="testB""#))
    #expect(
      try String(contentsOfFile: path("summary.json"), encoding: .utf8)
        .contains(#""name":"M.A/testB","outcome":"passed""#))
    #expect(try String(contentsOfFile: path("report.html"), encoding: .utf8).contains("<html"))
  }

  @Test func aFileThatCannotBeWrittenIsAClearErrorOnceEveryReporterHeardTheEnd() throws {
    // Given a JUnit file that cannot be written, and a JSON summary that can
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-reporters-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let json = directory.appendingPathComponent("summary.json").path
    let events = SessionEvents([
      JUnitReporter(path: "/no/such/directory/junit.xml"), SummaryJSONReporter(path: json),
    ])
    events.send(.sessionEnded(FinishedSession(SessionResult(records: []))))

    // When the session finishes, it says the file it could not write
    #expect(throws: RunnerError.self) { try events.finish() }

    // Then the reporter after it wrote its file all the same
    #expect(FileManager.default.fileExists(atPath: json))
  }

  /// A reporter that keeps the name of every event it hears.
  final class Listener: SessionReporter {
    let heard = Locked<[String]>([])

    func receive(_ event: SessionEvent) {
      let name =
        switch event {
        case .note: "note"
        case .progress: "progress"
        case .launched: "launched"
        case .repetition: "repetition"
        case .retried: "retried"
        case .sessionEnded: "sessionEnded"
        case .explaining: "explaining"
        case .goingOn: "goingOn"
        case .experimentRan: "experimentRan"
        case .explained(_, let cause): "explained \(cause.kindName)"
        case .stepStopped: "stepStopped"
        case .finished: "finished"
        }
      heard.withLock { $0.append(name) }
    }
  }

  /// A cause as the reports see it.
  struct Cause: ReportedCause {
    var kindName = "order"
    var decided = true
    var title = "Why flaky"
    var heading = "order, decided by 2 runs in 1.00 s"
    var summary = "It fails after M.A/testA."
    var advice: CauseAdvice?
    var shared: String?
    var reproduce = "swift test --filter x"
    var testCase: String?

    func write(to json: inout JSONText, summary: String) {
      json.raw("{\"kind\":\"\(kindName)\",\"summary\":")
      json.string(summary)
      json.raw("}")
    }
  }

  @Test func aListenerAddedToTheSessionHearsEveryKindOfEventInOrder() throws {
    // Given a listener beside the JSON summary
    let listener = Listener()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-listener-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let json = directory.appendingPathComponent("summary.json").path
    let events = SessionEvents([listener, SummaryJSONReporter(path: json)])
    let record = TestRecord(
      name: "M.A/testB",
      attempts: [
        .init(repetition: 1, end: TestEnd(.failed, failure: "boom")),
        .init(repetition: 1, end: TestEnd(.passed), alone: true),
      ])
    var cause = Cause()
    cause.advice = .budget(seconds: 120)

    // When a session with an explanation goes by
    events.send(.note("Building the tests"))
    events.send(.repetition(number: 1, of: 2))
    events.send(
      .launched(
        Launch(
          command: SwiftTestInvocation(environment: [], arguments: ["test"]),
          ends: ["M.A/testB": TestEnd(.failed, failure: "boom")])))
    events.send(.retried(test: "M.A/testB", attempt: 2, outcome: .passed))
    events.send(.sessionEnded(FinishedSession(SessionResult(records: [record]))))
    events.send(.explaining(tests: 1, budget: .seconds(60)))
    events.send(.experimentRan(test: "M.A/testB", run: ExperimentRun("alone", passed: true)))
    events.send(.explained(test: "M.A/testB", cause: cause))
    try events.finish()

    // Then the listener heard every kind, in order, and the JSON has the cause it heard, with
    // what the run would need in the command's words
    #expect(
      listener.heard.value == [
        "note", "repetition", "launched", "retried", "sessionEnded", "explaining",
        "experimentRan", "explained order", "finished",
      ])
    #expect(
      try String(contentsOfFile: json, encoding: .utf8).contains(
        #""cause":{"kind":"order","summary":"It fails after M.A/testA.: give --explain-budget 120."}"#
      ))
  }
}
