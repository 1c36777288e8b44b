import ArgumentParser

/// `cleanslate`: reads the lifecycle traces CleanSlate writes (`CLEANSLATE_TRACE=trace.jsonl`),
/// finds the tests that pollute others, and runs a package's tests in balanced shards.
@main
struct CleanSlateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cleanslate",
    abstract:
      "Reads CleanSlate lifecycle traces (CLEANSLATE_TRACE=trace.jsonl swift test); finds polluting tests; runs tests in shards.",
    subcommands: [
      ReportCommand.self, SummaryCommand.self, BisectCommand.self, TestCommand.self,
      FlakyCommand.self, HistoryCommand.self, QuarantineCommand.self,
    ])
}
