import ArgumentParser

/// `cleanslate history`: keeps a store of runs — what `cleanslate test --history` records and
/// `cleanslate flaky` reads.
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Keeps a store of runs: prunes the sessions it no longer needs.",
    subcommands: [HistoryPruneCommand.self])
}
