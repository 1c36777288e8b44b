import CleanSlate
import CleanSlateHistory
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// `cleanslate flaky --html` in a real browser: headless Chromium loads the page from disk and
/// must show each test that is not healthy with its strip — a square a session, coloured by how it
/// ended, a tick where the commit changed — without a single network request. Skipped where
/// Chromium is not installed, except on CI.
@Suite(
  .cleanSlate,
  .enabled(
    if: Chromium.path != nil || Chromium.required, "needs chromium (apt-get install chromium)"))
struct FlakyReportInBrowserTests {
  @Test func eachTestsStripShowsItsSessionsAndTheCommitsWithoutTouchingTheNetwork() async throws {
    // Given the report of six sessions on three commits, on disk
    let file = try await use(.temporaryDirectory).appendingPathComponent("flaky.html")
    try Data(FlakyReportTests.report.html().utf8).write(to: file)

    // When Chromium renders it, every request sent to a proxy that only counts them
    let (dom, requests) = try await Chromium.dumpDOM(of: file)

    // Then the tests that are not healthy are rows, worst first, the healthy one left out
    let rows = dom.components(separatedBy: "<tr class=\"test\" data-test=\"").dropFirst()
      .map { String($0.prefix { $0 != "\"" }) }
    #expect(
      rows == [
        "App.Cart/testTotal", "App.Sync/testPush", "App.Order/testJSON", "App.Fresh/testNew",
      ])
    // Each strip has a square a session: the broken test's last two red, the flaky one amber once
    let cart = try #require(dom.components(separatedBy: "data-test=\"App.Cart/testTotal\"").last)
    let squares = cart.components(separatedBy: "</tr>")[0].components(separatedBy: "<rect class=\"")
      .dropFirst().map { String($0.prefix { $0 != "\"" }) }
    #expect(squares == ["passed", "passed", "passed", "passed", "failed", "failed"])
    let fresh = try #require(dom.components(separatedBy: "data-test=\"App.Fresh/testNew\"").last)
    #expect(fresh.components(separatedBy: "</tr>")[0].contains("<rect class=\"absent\""))
    // A tick marks each new commit (c2 and c3)
    #expect(
      cart.components(separatedBy: "</tr>")[0].components(separatedBy: "<line class=\"commit\"")
        .count == 3)
    // The cause and its command are there
    #expect(dom.contains("parallel — It passes alone and fails beside App.Sync/testPull."))
    #expect(dom.contains("<pre class=\"reproduce\">swift test --filter 'App.Sync'</pre>"))
    // And nothing was requested from the network
    #expect(requests.isEmpty)

    if let directory = ProcessInfo.processInfo.environment["CLEANSLATE_SCREENSHOT_DIR"] {
      try await Chromium.screenshot(
        of: file, fragment: nil,
        to: URL(fileURLWithPath: directory).appendingPathComponent("flaky.png"))
    }
  }
}
