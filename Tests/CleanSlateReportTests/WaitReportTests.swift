import CleanSlate
import CleanSlateReport
import CleanSlateTrace
import Foundation
import Testing

/// Time a setup spent waiting for what another test held is shown as waiting: a segment of its
/// own on the test's bar, and a table of what setups waited for.
@Suite struct WaitReportTests {
  /// Two tests whose `app` setups ran one after the other: the second waited 40 ms for the
  /// configure lock inside its 45 ms setup.
  private var trace: String {
    let sample = SampleTrace()
    let lines = [
      sample.header(),
      sample.event(0, "scopeBegin", "process", 1, "process", parent: nil),
      sample.event(100, "scopeBegin", "test", 2, "Apps/first()", parent: 1),
      sample.event(200, "scopeBegin", "test", 3, "Apps/second()", parent: 1),
      sample.event(
        5_100, "setupEnd", "test", 2, "Apps/first()", fixture: "app", outcome: "passed",
        milliseconds: 5, at: "AppTests/Fixtures.swift:4"),
      sample.event(
        40_200, "waitEnd", "test", 3, "Apps/second()", fixture: "app", outcome: "passed",
        milliseconds: 40, message: "the configure lock"),
      sample.event(
        45_200, "setupEnd", "test", 3, "Apps/second()", fixture: "app", outcome: "passed",
        milliseconds: 45, at: "AppTests/Fixtures.swift:4"),
      sample.event(
        6_100, "scopeEnd", "test", 2, "Apps/first()", outcome: "passed", milliseconds: 6),
      sample.event(
        46_200, "scopeEnd", "test", 3, "Apps/second()", outcome: "passed", milliseconds: 46),
      sample.event(
        50_000, "scopeEnd", "process", 1, "process", outcome: "passed", milliseconds: 50),
    ]
    return lines.map { $0 + "\n" }.joined()
  }

  @Test func aWaitIsASegmentOfItsTestAndARowOfWhatSetupsWaitedFor() async throws {
    // Given the trace, when the report reads it.
    let report = try await withTraceFile(trace) { LifecycleReport(try TraceReader.read([$0])) }
    // Then the second test's bar holds the wait beside its setup, which the wait is part of.
    let second = try #require(report.tests.first { $0.name == "Apps/second()" })
    #expect(
      second.segments.map { "\($0.kind) \($0.name)" } == [
        "wait app waiting for the configure lock", "setup app",
      ])
    #expect(second.segments[0].start == 200 && second.segments[0].end == 40_200)
    // And the summary says what the setups waited for, and how long.
    let row = try #require(report.summary.waitRows.first)
    #expect(row.fixture == "app" && row.waitedFor == "the configure lock")
    #expect(row.waits == 1 && row.time == .milliseconds(40))
    #expect(
      Array(report.summary.lines().suffix(3)) == [
        "Waiting inside setups (counted in the fixtures' time above):",
        "     total       mean  count  fixture                  waiting for",
        "  40.00 ms   40.00 ms      1  app                      the configure lock",
      ])
  }

  @Test func thePageHasTheWaitsTableAndDrawsWaitsOverTheirSetups() async throws {
    let page = try await withTraceFile(trace) {
      HTMLReport.render(LifecycleReport(try TraceReader.read([$0])))
    }
    #expect(page.contains("<h2>Waiting inside setups</h2>"))
    #expect(
      page.contains(
        "<tr><td>app</td><td>the configure lock</td><td class=\"n\">1</td><td class=\"n\">40.00 ms</td><td class=\"n\">40.00 ms</td></tr>"
      ))
    #expect(page.contains("<i class=\"seg-wait\"></i>waiting"))
  }
}
