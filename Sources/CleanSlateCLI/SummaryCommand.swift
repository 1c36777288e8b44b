import ArgumentParser
import CleanSlate
import CleanSlateReport
import CleanSlateTrace

/// `cleanslate summary`: prints the counts and the slowest fixtures of one or more traces.
struct SummaryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "summary",
    abstract:
      "Prints the number of tests, failures and timeouts, the slowest fixtures, and the balance of several runs (shards)."
  )

  @OptionGroup var files: TraceFiles

  @Option(help: "How many fixtures to list.")
  var top = 10

  func run() throws {
    let log = try files.read()
    for line in LifecycleReport(log).summary.lines(top: top) { print(line) }
    for line in log.shardBalanceLines { print(line) }
  }
}
