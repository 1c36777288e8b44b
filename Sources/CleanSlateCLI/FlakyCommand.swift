import ArgumentParser
import CleanSlateHistory
import Foundation

/// `cleanslate flaky`: ranks the tests of a store of runs — broken, flaky, quarantined, new,
/// healthy — with the evidence behind each, its latest explained cause and the command that
/// reproduces it; with a quarantine file, what to add to it and what to release.
struct FlakyCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flaky",
    abstract: "Ranks the tests a store of runs recorded: broken, flaky, quarantined, new, healthy.",
    discussion: """
      A test is flaky when one version of the code saw it both pass and fail: in one session \
      (failed, then passed), or on one commit in two. One that fails in every run since a \
      commit is broken, from that commit. Sessions in which most tests failed at once, and \
      trees with uncommitted changes, are no test's evidence. Record sessions with \
      cleanslate test --history <store>.
      """)

  @Option(
    help: ArgumentHelp(
      "The store of runs: a SQLite file, or a PostgreSQL URL (default: CLEANSLATE_HISTORY).",
      valueName: "store"))
  var history: String?

  @Option(help: ArgumentHelp("Take the sessions of the last N days.", valueName: "n"))
  var days = 30

  @Option(help: ArgumentHelp("Take the sessions of this branch only.", valueName: "name"))
  var branch: String?

  @Option(
    help: ArgumentHelp(
      "A quarantine file: mark its tests, and say what to add to it and what to release.",
      valueName: "file"))
  var quarantine: String?

  @Flag(help: "List the healthy tests too.")
  var all = false

  @Flag(help: "Print the report as JSON, for tools: every test, healthy ones too.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Also write an HTML page: each test's outcome in every session, as a strip.",
      valueName: "file"))
  var html: String?

  func validate() throws {
    guard days > 0 else { throw ValidationError("--days must be 1 or more.") }
    guard store != nil else {
      throw ValidationError(
        "Give the store of runs: --history <file or postgresql://…>, or CLEANSLATE_HISTORY.")
    }
  }

  /// The store `--history` or `CLEANSLATE_HISTORY` names.
  private var store: String? {
    history
      ?? ProcessInfo.processInfo.environment["CLEANSLATE_HISTORY"].flatMap {
        $0.isEmpty ? nil : $0
      }
  }

  func run() async throws {
    let location = StoreLocation(store ?? "")
    var file: (QuarantineFile, String)?
    do {
      if let quarantine { file = (try QuarantineFile.read(quarantine), quarantine) }
    } catch {
      throw failure("\(error)")
    }
    if case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
      throw failure(
        "\(path) does not exist: record sessions with cleanslate test --history \(path).")
    }
    let report: FlakyReport
    do {
      let opened = try await location.open()
      let since = Date().addingTimeInterval(-Double(days) * 86_400)
      let read = try await opened.history(HistoryWindow(since: since, branch: branch))
      await opened.close()
      var ranking = FlakyRanking()
      if let file { ranking.quarantined = Set(file.0.entries.map(\.test)) }
      report = FlakyReport(
        store: location.name, history: read, ranking: ranking, quarantine: file,
        today: QuarantineDate(Date()))
    } catch {
      throw failure("\(error)")
    }
    print(json ? report.json() : report.text(all: all), terminator: "")
    if let html {
      do {
        try Data(report.html().utf8).write(to: URL(fileURLWithPath: html))
      } catch {
        throw failure("cannot write \(html): \(error.localizedDescription)")
      }
    }
  }
}

/// Prints `message` on standard error as `error: …`, for the command to exit with status 1.
func failure(_ message: String) -> ExitCode {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  return ExitCode.failure
}
