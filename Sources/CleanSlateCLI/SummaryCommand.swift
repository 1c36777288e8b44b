import ArgumentParser
import CleanSlate
import CleanSlateReport

/// `cleanslate summary`: prints the counts and the slowest fixtures of one or more traces.
struct SummaryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "summary",
    abstract: "Prints the number of tests, failures and timeouts, and the slowest fixtures.")

  @OptionGroup var files: TraceFiles

  @Option(help: "How many fixtures to list.")
  var top = 10

  func run() throws {
    let report = LifecycleReport(try files.read())
    for line in report.summary.lines(top: top) { print(line) }
  }
}
