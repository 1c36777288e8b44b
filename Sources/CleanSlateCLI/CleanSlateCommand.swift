import ArgumentParser

/// `cleanslate`: reads the lifecycle traces CleanSlate writes (`CLEANSLATE_TRACE=trace.jsonl`) and
/// finds the tests that pollute others.
@main
struct CleanSlateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cleanslate",
    abstract:
      "Reads CleanSlate lifecycle traces (CLEANSLATE_TRACE=trace.jsonl swift test); finds polluting tests.",
    subcommands: [ReportCommand.self, SummaryCommand.self, BisectCommand.self])
}
