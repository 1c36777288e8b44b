import ArgumentParser
import CleanSlateHistory
import Foundation

/// The store of runs a command reads: `--history <store>`, or `CLEANSLATE_HISTORY`.
struct StoreOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The store of runs: a SQLite file, or a PostgreSQL URL (default: CLEANSLATE_HISTORY).",
      valueName: "store"))
  var history: String?

  func validate() throws {
    guard given != nil else {
      throw ValidationError(
        "Give the store of runs: --history <file or postgresql://…>, or CLEANSLATE_HISTORY.")
    }
  }

  /// The store `--history` or `CLEANSLATE_HISTORY` names.
  var location: StoreLocation { StoreLocation(given ?? "") }

  private var given: String? {
    history
      ?? ProcessInfo.processInfo.environment["CLEANSLATE_HISTORY"].flatMap {
        $0.isEmpty ? nil : $0
      }
  }
}
