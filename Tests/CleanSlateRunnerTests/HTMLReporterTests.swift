import CleanSlate
import CleanSlateChildProcess
import CleanSlateReport
import CleanSlateRunner
import CleanSlateTestProcess
import CleanSlateTrace
import Foundation
import Testing

/// The HTML report of a session draws each test as its launch ended — the ends the records, the
/// summary and JUnit are made of — not as the trace alone would tell.
@Suite struct HTMLReporterTests {
  /// A line of a trace, as a test process writes it.
  private func line(_ object: [String: Any]) -> String {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The lines of a process `pid` whose tests `ended` begin and end (passed, as the trace says),
  /// and whose tests `unended` begin and never end.
  private func process(_ pid: Int, ended: [String], unended: [String] = []) -> String {
    var text = line([
      "trace": "cleanslate", "v": 1, "run": "r", "pid": pid, "host": "h",
      "timeMicros": 1_000_000, "command": "c",
    ])
    for (index, name) in (ended + unended).enumerated() {
      let event: [String: Any] = [
        "run": "r", "pid": pid, "scope": "test", "scopeID": index + 1, "scopeName": name,
      ]
      text += line(event.merging(["phase": "scopeBegin", "timeMicros": 1_000_100]) { $1 })
      guard ended.contains(name) else { continue }
      text += line(
        event.merging(["phase": "scopeEnd", "timeMicros": 1_000_900, "outcome": "passed"]) { $1 })
    }
    return text
  }

  @Test func eachTestIsDrawnAsItsLaunchEndedAndRetriesAsTheirs() throws {
    // Given a launch in which A/testFails failed (its framework said so after the scope ended,
    // so the trace says passed) and A/testCrashes crashed, then a retry of A/testFails that passed
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-html-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = directory.appendingPathComponent("trace.jsonl")
    let html = directory.appendingPathComponent("report.html").path
    let events = SessionEvents([HTMLReporter(path: html, trace: trace.path)])
    let command = SwiftTestInvocation(environment: [], arguments: ["test"])
    let crash = TestCrash(termination: .signalled(11), running: ["M.A/testCrashes"])

    // When the session's launches write the trace and end, one after the other
    try Data(process(1, ended: ["A.testFails"], unended: ["A.testCrashes"]).utf8).write(to: trace)
    events.send(
      .launched(
        Launch(
          command: command, ends: ["M.A/testFails": TestEnd(.failed, failure: "boom")],
          crashes: [crash])))
    let handle = try FileHandle(forWritingTo: trace)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(process(2, ended: ["A.testFails"]).utf8))
    try handle.close()
    events.send(.launched(Launch(command: command, ends: ["M.A/testFails": TestEnd(.passed)])))
    events.send(.sessionEnded(FinishedSession(SessionResult(records: []))))
    try events.finish()

    // Then the first A/testFails is failed, A/testCrashes unfinished, the retry passed
    let page = try String(contentsOfFile: html, encoding: .utf8)
    let drawn = { (outcome: String) in
      page.components(separatedBy: "<td class=\"o-\(outcome)\">\(outcome)</td>").count - 1
    }
    #expect(drawn("failed") == 1, "\(page)")
    #expect(drawn("unfinished") == 1)
    #expect(drawn("passed") == 1)
    #expect(page.contains("<h3>Failures (1)</h3>"))
  }

  @Test func theTraceRefinesWhatTheLaunchSaysOnlyWhereItKnowsMore() {
    let passed = TestSpan(scopeID: 1, name: "S/t()", start: 0, end: 1)
    var known = passed
    known.outcome = .knownIssue
    var passedCase = passed
    passedCase.argumentCase = "x → 1"
    var failedCase = passedCase
    failedCase.outcome = .failed
    let unended = TestSpan(scopeID: 1, name: "S/t()", start: 0)

    #expect(HTMLReporter.outcome(.passed, traced: known) == .knownIssue)
    #expect(HTMLReporter.outcome(.failed, traced: passed) == .failed)
    #expect(HTMLReporter.outcome(.failed, traced: passedCase) == .passed)
    #expect(HTMLReporter.outcome(.failed, traced: failedCase) == .failed)
    #expect(HTMLReporter.outcome(.timedOut, traced: unended) == .timedOut)
    #expect(HTMLReporter.outcome(.crashed, traced: unended) == .unfinished)
    #expect(HTMLReporter.outcome(nil, traced: passed) == .unfinished)
  }
}
