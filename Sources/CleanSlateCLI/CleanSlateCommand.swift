import ArgumentParser

/// `cleanslate`: reads the lifecycle traces CleanSlate writes (`CLEANSLATE_TRACE=trace.jsonl`).
@main
struct CleanSlateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cleanslate",
    abstract: "Reads CleanSlate lifecycle traces (CLEANSLATE_TRACE=trace.jsonl swift test).",
    subcommands: [ReportCommand.self, SummaryCommand.self])
}
