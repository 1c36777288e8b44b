import CleanSlateReport
import CleanSlateTrace
import Foundation
import Testing

/// The HTML page: self-contained, its tables filled in, its data safe inside the page.
@Suite struct HTMLReportTests {
  private func samplePage(_ trace: SampleTrace = SampleTrace()) async throws -> String {
    try await withTraceFile(trace.text) {
      HTMLReport.render(LifecycleReport(try TraceReader.read([$0])))
    }
  }

  @Test func thePageLoadsNothingFromElsewhere() async throws {
    let page = try await samplePage()

    // Then no element points outside the page, and its policy forbids any load
    #expect(page.contains("default-src 'none'"))
    for pattern in [
      "src=", "href=\"http", "href=\"//", "url(", "@import", "fetch(", "XMLHttpRequest",
    ] {
      #expect(!page.contains(pattern), "found \(pattern)")
    }
  }

  @Test func theTablesHoldTheFixturesTheSlowestTestsAndTheProblems() async throws {
    let page = try await samplePage()

    // Then the fixture table has the sample's numbers, and the problems link to their test
    #expect(
      page.contains(
        "<tr><td>database</td><td>suite</td><td class=\"n\">1</td><td class=\"n\">40.00 ms</td><td class=\"n\">40.00 ms</td>"
      ))
    #expect(
      page.contains(
        "<tr><td>scratch</td><td>test</td><td class=\"n\">2</td><td class=\"n\">10.00 ms</td><td class=\"n\">5.00 ms</td>"
      ))
    #expect(
      page.contains("<a href=\"#test-2\">Suite/b()</a>: Expectation failed: (count → 2) == 1"))
    #expect(page.contains("<h3>Teardown timeouts (1)</h3>"))
    #expect(page.contains("<h3>Leaks (1)</h3>"))
    #expect(page.contains("2 tests · 1 failed · 1 teardowns timed out · 1 process"))
  }

  @Test func aFailedTestsNotesAreShownUnderItsFailureAndInItsData() async throws {
    let page = try await samplePage()

    // Then the replay command is under b()'s failure, whole, and in the timeline's data with
    // the process's seed
    let note = SampleTrace.replayNote.replacingOccurrences(of: "'", with: "&#39;")
    #expect(page.contains("<pre class=\"note\">\(note)</pre></li>"), "\(page)")
    #expect(page.contains("/tmp/SuitePackageTests.xctest · seed 2718281828"))
  }

  @Test func namesThatLookLikeMarkupStayText() async throws {
    // Given a test whose name and message hold markup and a script end tag
    var trace = SampleTrace()
    trace.run = "</script><script>alert(1)</script>"
    let page = try await samplePage(trace)

    // Then the markup never appears as such in the page
    #expect(!page.contains("<script>alert(1)"))
    #expect(page.components(separatedBy: "</script>").count == 3)  // the data's and the script's
  }
}
