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

      --fail-on gates a CI step: --fail-on broken fails on broken tests, --fail-on flaky on \
      flaky and broken ones (a quarantined flaky test fails neither), each test named on \
      standard error.

      Exit status: 0 the report was printed (and no test failed --fail-on); 1 --fail-on: the \
      window holds a test of a kind it names; 2 the store of runs could not be read (a SQLite \
      file that does not exist — none is made —, a server that does not answer, a file that is \
      not a store or is a newer CleanSlate's), or the HTML page could not be written, in one \
      line on standard error; 64 an option or the quarantine file is not valid.
      """)

  @OptionGroup var store: StoreOption

  @Option(help: ArgumentHelp("Take the sessions of the last N days.", valueName: "n"))
  var days = 30

  @Option(help: ArgumentHelp("Take the sessions of this branch only.", valueName: "name"))
  var branch: String?

  @Option(
    help: ArgumentHelp(
      "A quarantine file: mark its tests, and say what to add to it and what to release.",
      valueName: "file"))
  var quarantine: String?

  @Option(
    name: .customLong("fail-on"),
    help: ArgumentHelp(
      "Exit 1 when the window holds a broken test (broken), or a flaky or broken one (flaky); repeated, or a comma list.",
      valueName: "kind"))
  var failOn: [String] = []

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
  }

  func run() async throws {
    let gate: FlakyGate
    do {
      gate = try FlakyGate(failOn)
    } catch {
      throw usageFailure(error.description)
    }
    let location = store.location
    var file: (QuarantineFile, String)?
    do {
      if let quarantine { file = (try QuarantineFile.read(quarantine), quarantine) }
    } catch {
      throw usageFailure("\(error)")
    }
    let report: FlakyReport
    do {
      let opened = try await location.open(creating: false)
      let since = Date().addingTimeInterval(-Double(days) * 86_400)
      let read: StoredHistory
      do {
        read = try await opened.history(HistoryWindow(since: since, branch: branch))
      } catch {
        await opened.close()
        throw error
      }
      await opened.close()
      var ranking = FlakyRanking()
      if let file { ranking.quarantined = Set(file.0.entries.map(\.test)) }
      report = FlakyReport(
        store: location.name, history: read, ranking: ranking, quarantine: file,
        today: QuarantineDate(Date()))
    } catch {
      throw StoreFailure.exit(location, error)
    }
    print(json ? report.json() : report.text(all: all), terminator: "")
    if let html {
      do {
        try Data(report.html().utf8).write(to: URL(fileURLWithPath: html))
      } catch {
        throw StoreFailure.exit("cannot write \(html): \(error.localizedDescription)")
      }
    }
    let failing = gate.failing(report.tests)
    if gate.isOn, !failing.isEmpty {
      FileHandle.standardError.write(Data(gate.message(failing).utf8))
      throw ExitCode.failure
    }
  }
}
