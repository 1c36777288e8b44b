import CleanSlate
import CleanSlateHistory
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

#if Postgres
  import CleanSlatePostgres
#endif

/// `cleanslate history prune`, run as a user would: it says what it removed (or would, with
/// `--dry-run`) in one sentence; input it cannot take, a SQLite file that does not exist and a
/// server that does not answer are each one line and an exit status of their own.
@Suite(.cleanSlate) struct HistoryPruneCommandTests {
  /// Runs `cleanslate history prune` with `arguments`.
  static func prune(_ arguments: [String]) async throws -> HelperExecutable.Outcome {
    try await HelperExecutable(named: "cleanslate").run(
      ["history", "prune"] + arguments, environment: StartingEnvironment.variables)
  }

  /// Records three sessions into `location`: 100 and 50 days ago (`Gone` failing in the first)
  /// and yesterday.
  static func recordSessions(into location: String) async throws {
    let store = try await StoreLocation(location).open()
    for (id, days) in [("old", 100.0), ("older", 50), ("new", 1)] {
      var verdicts = ["A": "passed"]
      if id == "old" { verdicts["Gone"] = "failed" }
      try await store.record(
        Sessions.make(id, minute: Sessions.minute(daysAgo: days), verdicts: verdicts))
    }
    await store.close()
  }

  static let removed =
    "2 sessions older than 30 days (3 results, 2 attempts, 0 rows of kept rounds, 1 test no session kept has run)"

  /// Checks a dry run, then the prune, of the store at `location` holding ``recordSessions(into:)``.
  static func checkPruning(_ location: String) async throws {
    // When a dry run asks what sessions older than 30 days hold
    let dry = try await prune(["--history", location, "--older-than", "30", "--dry-run"])

    // Then it says, and removes nothing
    #expect(dry.status == 0, "\(dry.standardError)")
    #expect(dry.standardOutput == "Would remove \(removed); would keep 1.\n")
    let store = try await StoreLocation(location).open()
    #expect(try await store.history(HistoryWindow()).sessions.count == 3)

    // When they are pruned
    let run = try await prune(["--history", location, "--older-than", "30"])

    // Then it says what went, and the store keeps yesterday's session only
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput == "Removed \(removed); kept 1.\n")
    #expect(run.standardError.isEmpty)
    #expect(try await store.history(HistoryWindow()).sessions.map(\.id) == ["new"])
    await store.close()
  }

  @Test func aSQLiteStoreIsPrunedAndTheCommandSaysWhatWent() async throws {
    // Given a store with sessions 100 and 50 days old and one of yesterday
    let path = try await SQLiteRunStoreTests.path()
    try await Self.recordSessions(into: path)

    try await Self.checkPruning(path)
  }

  @Test(arguments: ["0", "-3", "ten", "1.5"])
  func aNumberOfDaysItCannotTakeIsOneLine(_ days: String) async throws {
    // Given a store
    let path = try await SQLiteRunStoreTests.path()
    try await Self.recordSessions(into: path)

    // When it is asked to prune sessions older than a number of days that is not one
    let run = try await Self.prune(["--history", path, "--older-than", days])

    // Then it says so in one line, exits 64, and removes nothing
    #expect(run.status == 64)
    #expect(
      run.standardError
        == "error: --older-than '\(days)' is not a number of days: give a whole number, 1 or more.\n"
    )
    #expect(run.standardOutput.isEmpty)
    let store = try await StoreLocation(path).open()
    #expect(try await store.history(HistoryWindow()).sessions.count == 3)
    await store.close()
  }

  @Test func aSQLiteFileThatDoesNotExistIsOneLineAndIsNotMade() async throws {
    // Given a path where no file is
    let path = try await SQLiteRunStoreTests.path()

    // When it is pruned
    let run = try await Self.prune(["--history", path, "--older-than", "30"])

    // Then it says so in one line, exits 2, and makes no file
    #expect(run.status == 2)
    #expect(
      run.standardError
        == "error: the store of runs \(path) could not be pruned: \(path) does not exist: record sessions with cleanslate test --history \(path).\n"
    )
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aServerThatDoesNotAnswerIsOneLineWithoutItsPassword() async throws {
    // Given a loopback port nothing listens on
    let url = "postgresql://ci:secret@127.0.0.1:\(freeLoopbackPort())/runs"

    // When a store there is pruned
    let run = try await Self.prune(["--history", url, "--older-than", "30"])

    // Then it says so in one line, exits 2, and never prints the password
    #expect(run.status == 2)
    #expect(
      run.standardError.hasPrefix(
        "error: the store of runs \(StoreLocation(url).name) could not be pruned: "),
      "\(run.standardError)")
    #expect(run.standardError.filter { $0 == "\n" }.count == 1, "\(run.standardError)")
    #expect(!run.standardError.contains("secret"))
  }

  #if Postgres
    @Test(
      .enabled(
        if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage)))
    func aPostgresStoreIsPrunedAndTheCommandSaysWhatWent() async throws {
      // Given a PostgreSQL store with sessions 100 and 50 days old and one of yesterday
      let url = try await PostgresRunStoreTests.url()
      try await Self.recordSessions(into: url)

      try await Self.checkPruning(url)
    }
  #endif
}
