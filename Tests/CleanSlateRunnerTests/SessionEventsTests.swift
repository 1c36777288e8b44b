import CleanSlate
import CleanSlateReport
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation
import Testing

/// One stream of events feeds every report of a session: the terminal hears each as it happens,
/// the files are written from the session once it ended.
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
    events.send(.retried(test: "M.A/testB", attempt: 2, outcome: .passed))
    events.send(.explaining(tests: 1, budget: .seconds(60)))
    events.send(
      .experimentRan(
        test: "M.A/testB", run: TestCause.Run("alone", passed: false, failure: "boom")))
    let record = TestRecord(
      name: "M.A/testB",
      attempts: [
        .init(repetition: 1, end: TestEnd(.failed, failure: "boom")),
        .init(repetition: 1, end: TestEnd(.passed), alone: true),
      ])
    try events.finish(FinishedSession(SessionResult(records: [record])))

    // Then the terminal printed each, in order, notes on their own stream
    #expect(printed.notes.value == ["Building the tests: swift build --build-tests"])
    #expect(
      printed.blocks.value == [
        "Repetition 2 of 3\n", "Retried M.A/testB alone (attempt 2): passed\n",
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
    try events.finish(FinishedSession(result))

    // Then each file says the same session
    #expect(
      try String(contentsOfFile: path("junit.xml"), encoding: .utf8).contains(#"name="testB""#))
    #expect(
      try String(contentsOfFile: path("summary.json"), encoding: .utf8)
        .contains(#""name":"M.A/testB","outcome":"passed""#))
    #expect(try String(contentsOfFile: path("report.html"), encoding: .utf8).contains("<html"))
  }

  @Test func aFileThatCannotBeWrittenIsAClearError() {
    let events = SessionEvents([JUnitReporter(path: "/no/such/directory/junit.xml")])

    #expect(throws: RunnerError.self) {
      try events.finish(FinishedSession(SessionResult(records: [])))
    }
  }
}
