import ArgumentParser
import CleanSlateHistory
import Foundation

/// `cleanslate history prune --older-than <days>`: removes the sessions of a store of runs that
/// started more than that many days ago, with everything recorded in them.
struct HistoryPruneCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prune",
    abstract: "Removes the sessions that started more than N days ago, and what they recorded.",
    discussion: """
      Each session that started more than N days ago goes, with its results, attempts and \\
      explanations' kept rounds, and so does each test no session kept has run, in one \\
      transaction. What the kept sessions say is unchanged: cleanslate flaky reads the same \\
      ranking over any window within N days. A pending explanation whose first sessions go \\
      pools the kept sessions only, as one started afresh would. A test that has failed \\
      since before then, with no pass kept, reads as broken since the first session kept. A \\
      SQLite file keeps its size, its free pages used by the next sessions (sqlite3 <file> \\
      VACUUM shrinks it).

      Exit status: 0 pruned (or, with --dry-run, counted); 2 the store of runs could not be \\
      read or written (a SQLite file that does not exist — none is made —, a server that does \\
      not answer, a file that is not a store), in one line on standard error; 64 --older-than \\
      is not a whole number of days, 1 or more.
      """)

  @OptionGroup var store: StoreOption

  @Option(
    name: .customLong("older-than"), parsing: .unconditional,
    help: ArgumentHelp(
      "Remove the sessions that started more than this many days ago.", valueName: "days"))
  var olderThan: String

  @Flag(help: "Say what would be removed, and remove nothing.")
  var dryRun = false

  func run() async throws {
    guard let days = Int(olderThan), days > 0 else {
      throw usageFailure(
        "--older-than '\(olderThan)' is not a number of days: give a whole number, 1 or more.")
    }
    let location = store.location
    let summary: PruneSummary
    do {
      let opened = try await location.open(creating: false)
      do {
        summary = try await opened.prune(
          startedBefore: Date().addingTimeInterval(-Double(days) * 86_400), dryRun: dryRun)
      } catch {
        await opened.close()
        throw error
      }
      await opened.close()
    } catch {
      throw StoreFailure.exit(location, error, couldNot: dryRun ? "be read" : "be pruned")
    }
    print(summary.sentence(olderThan: days, dryRun: dryRun))
  }
}
