import ArgumentParser
import CleanSlateExplain
import CleanSlateReport
import CleanSlateRunner
import CleanSlateTrace
import Foundation

/// `cleanslate report`: writes the HTML lifecycle report of one or more traces.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract:
      "Writes a self-contained HTML report: a timeline of every test, fixtures by time, failures.")

  @OptionGroup var files: TraceFiles

  @Option(name: .shortAndLong, help: "The HTML file to write.")
  var output = "cleanslate-report.html"

  @Option(help: "The report's title.")
  var title = "Lifecycle report"

  @Option(
    help: ArgumentHelp(
      "The --summary-json of cleanslate test: why each flaky test failed (with --explain), in a \"Why flaky\" section, and every crash of a test process, in a \"Crashes\" section (repeatable).",
      valueName: "file"))
  var summaryJSON: [String] = []

  func run() throws {
    let log = try files.read()
    let report = LifecycleReport(log)
    var explained: [TestExplanation] = []
    var crashes: [SummaryCrash] = []
    for path in summaryJSON {
      guard let data = FileManager.default.contents(atPath: path),
        let causes = TestCause.explained(inSummary: data),
        let crashed = SummaryCrash.all(inSummary: data)
      else {
        throw ValidationError(
          "\(path) is not the --summary-json of a cleanslate test run (or cannot be read).")
      }
      explained += causes.map { $0.cause.explanation(of: $0.test) }
      crashes += crashed
    }
    let html = HTMLReport.render(report, title: title, explained: explained, crashes: crashes)
    do {
      try Data(html.utf8).write(to: URL(fileURLWithPath: output))
    } catch {
      throw ValidationError("cannot write \(output): \(error.localizedDescription)")
    }
    print(
      "Wrote \(output): \(report.tests.count) tests, \(log.eventCount) events from \(report.processes.count) process\(report.processes.count == 1 ? "" : "es")."
    )
    for line in log.shardBalanceLines { print(line) }
  }
}
