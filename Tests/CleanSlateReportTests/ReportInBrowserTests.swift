import CleanSlateReport
import CleanSlateTestSupport
import CleanSlateTrace
import Foundation
import Testing

/// The HTML report in a real browser: headless Chromium loads it from disk, runs its script,
/// and must show the timeline's bars, the fixture table and a failure's details, without a
/// single network request. Skipped where Chromium is not installed, except on CI.
@Suite(
  .enabled(
    if: Chromium.path != nil || Chromium.required, "needs chromium (apt-get install chromium)"))
struct ReportInBrowserTests {
  @Test func theReportShowsBarsFixturesAndAFailureWithoutTouchingTheNetwork() async throws {
    // Given the sample trace's report on disk, opened at its failed test
    let page = try await withTraceFile(SampleTrace().text) {
      HTMLReport.render(LifecycleReport(try TraceReader.read([$0])))
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-report-\(UUID().uuidString).html")
    try Data(page.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let failed = "test-2"

    // When Chromium renders it, every request sent to a proxy that only counts them
    let (dom, requests) = try await Chromium.dumpDOM(of: file, fragment: failed)

    // Then the script drew both tests' bars, with their outcome and segments
    #expect(dom.contains("<g class=\"bar o-passed\" data-test=\"1\">"))
    #expect(dom.contains("<g class=\"bar o-timedOut selected\" data-test=\"2\">"))
    #expect(dom.contains("class=\"seg seg-shared\""))
    #expect(dom.contains("class=\"seg seg-teardown seg-timedOut\""))
    // The fixture table is there
    #expect(dom.contains("<tr><td>database</td><td>suite</td><td class=\"n\">1</td>"))
    // The failed test's details are open: its issue, its location and its timed-out teardown
    #expect(dom.contains("<h2 id=\"panel-test\">Suite/b()</h2>"))
    #expect(dom.contains("Expectation failed: (count → 2) == 1"))
    #expect(dom.contains("SuiteTests/B.swift:12"))
    #expect(dom.contains("did not finish within 0.003 seconds"))
    // Its generator's note, with the seed and the command that replays it
    #expect(
      dom.contains(
        "<h3>Notes</h3><ul id=\"panel-notes\"><li class=\"note\"><pre>.seededRandom drew from the run's seed 2718281828"
      ))
    // And nothing was requested from the network
    #expect(requests.isEmpty)

    // A screenshot for CI's artifacts, when asked for
    if let directory = ProcessInfo.processInfo.environment["CLEANSLATE_SCREENSHOT_DIR"] {
      try await Chromium.screenshot(
        of: file, fragment: failed,
        to: URL(fileURLWithPath: directory)
          .appendingPathComponent("report.png"))
    }
  }

  @Test func theNetworkCheckSeesARequestWhenAPageMakesOne() async throws {
    // Given a page that loads an image from the network (the check's own control)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-control-\(UUID().uuidString).html")
    try Data("<img src=\"http://example.com/pixel.png\">".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    // When Chromium renders it
    let (_, requests) = try await Chromium.dumpDOM(of: file)

    // Then the proxy saw the request
    #expect(requests.contains("example.com"))
  }
}
