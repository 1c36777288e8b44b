import ArgumentParser
import CleanSlateReport
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

  func run() throws {
    let log = try files.read()
    let report = LifecycleReport(log)
    let html = HTMLReport.render(report, title: title)
    do {
      try Data(html.utf8).write(to: URL(fileURLWithPath: output))
    } catch {
      throw ValidationError("cannot write \(output): \(error.localizedDescription)")
    }
    print(
      "Wrote \(output): \(report.tests.count) tests, \(log.eventCount) events from \(report.processes.count) process\(report.processes.count == 1 ? "" : "es")."
    )
    for line in log.runBalanceLines { print(line) }
  }
}
