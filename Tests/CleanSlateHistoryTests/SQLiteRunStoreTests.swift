import CleanSlate
import CleanSlateHistory
import CleanSlateTesting
import Foundation
import Testing

/// The SQLite store of runs: what a session writes is what a later session reads, once; every
/// file that is not a store of this CleanSlate is refused with a sentence that names it.
@Suite(.cleanSlate) struct SQLiteRunStoreTests {
  /// A new store's path in the test's own directory.
  static func path(_ name: String = "runs.sqlite") async throws -> String {
    try await use(.temporaryDirectory).appendingPathComponent(name).path
  }

  @Test func aRecordedSessionIsReadBackWithEveryResultAndAttempt() async throws {
    // Given a store, and a session in which A passed, B was flaky and C failed
    let path = try await Self.path()
    let store = try await StoreLocation(path).open()
    let session = Sessions.make(
      "s1", commit: "abc123", verdicts: ["A": "passed", "B": "flaky", "C": "failed"])

    // When it is recorded, and the store is opened again
    try await store.record(session)
    await store.close()
    let reopened = try await StoreLocation(path).open()
    let history = try await reopened.history(HistoryWindow())
    let detail = try await reopened.results(of: "C", limit: 5)

    // Then the session and each test's verdict come back
    #expect(history.sessions.map(\.id) == ["s1"])
    #expect(history.sessions[0].source == SourceVersion(commit: "abc123", branch: "main"))
    #expect(history.sessions[0].testCount == 3)
    #expect(history.sessions[0].failedCount == 2)
    let verdicts = Dictionary(
      uniqueKeysWithValues: history.results.map { (history.tests[Int($0.test)], $0.verdict) })
    #expect(verdicts == ["A": .passed, "B": .flaky, "C": .failed])
    // And the failed test's attempts, crash and all
    #expect(detail.count == 1)
    #expect(detail.first?.result == session.results[2])
    // And the tests it saw pass are known
    let known = try await reopened.knownTests(among: ["A", "B", "C", "D"])
    #expect(known == KnownTests(seenPassing: ["A", "B"], sessions: 1))
  }

  @Test func aSessionRecordedTwiceIsOneSession() async throws {
    // Given a store with a session
    let store = try await StoreLocation(try await Self.path()).open()
    let session = Sessions.make("same", verdicts: ["A": "passed"])
    try await store.record(session)

    // When the same session is recorded again
    try await store.record(session)

    // Then the store holds it once
    let history = try await store.history(HistoryWindow())
    #expect(history.sessions.count == 1)
    #expect(history.results.count == 1)
  }

  @Test func aWindowTakesTheSessionsSinceItsDateOfItsBranch() async throws {
    // Given sessions on two branches, an hour apart
    let store = try await StoreLocation(try await Self.path()).open()
    try await store.record(Sessions.make("old", minute: 0, verdicts: ["A": "passed"]))
    try await store.record(
      Sessions.make("feature", minute: 60, branch: "feature", verdicts: ["A": "failed"]))
    try await store.record(Sessions.make("new", minute: 120, verdicts: ["A": "flaky"]))

    // When the window starts half an hour in, on main
    let since = Date(timeIntervalSince1970: 1_790_000_000 + 30 * 60)
    let history = try await store.history(HistoryWindow(since: since, branch: "main"))

    // Then it holds the later main session only
    #expect(history.sessions.map(\.id) == ["new"])
    #expect(history.results.map(\.verdict) == [.flaky])
  }

  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAsItWas() async throws {
    // Given a text file
    let path = try await Self.path("notes.txt")
    let text = String(repeating: "not a database\n", count: 100)
    try text.write(toFile: path, atomically: true, encoding: .utf8)

    // When it is opened as a store
    let error = await #expect(throws: StoreError.self) { try await StoreLocation(path).open() }

    // Then the error says so, and the file is unchanged
    #expect(error?.kind == .unreadable)
    #expect(error?.message == "\(path): file is not a database")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItWas() async throws {
    // Given a SQLite database with a table of another program's
    let path = try await Self.path("app.sqlite")
    let store = try await StoreLocation(path).open()
    await store.close()
    try FileManager.default.removeItem(atPath: path)
    try await SQLiteScript.run("CREATE TABLE players (id INTEGER)", in: path)

    // When it is opened as a store
    let error = await #expect(throws: StoreError.self) { try await StoreLocation(path).open() }

    // Then the error says it is not a store
    #expect(error?.kind == .unreadable)
    #expect(
      error?.message
        == "\(path) is a SQLite database, but not a store of runs: give a new file or a store.")
  }

  @Test func aStoreOfANewerSchemaIsRefusedUntouched() async throws {
    // Given a store whose version is one this CleanSlate does not know
    let path = try await Self.path()
    let store = try await StoreLocation(path).open()
    await store.close()
    try await SQLiteScript.run("UPDATE cleanslate_store SET version = 99", in: path)

    // When it is opened
    let error = await #expect(throws: StoreError.self) { try await StoreLocation(path).open() }

    // Then the error names the versions, and the store keeps its version
    #expect(error?.kind == .newerSchema)
    #expect(
      error?.message
        == "\(path) is a store of runs of version 99, made by a newer CleanSlate; this one knows versions up to 3. Update CleanSlate, or give another file."
    )
    #expect(try await SQLiteScript.value("SELECT version FROM cleanslate_store", in: path) == "99")
  }

  @Test func aFileInAFolderThatCannotBeWrittenIsRefused() async throws {
    // Given a path in a folder that does not exist
    let path = try await Self.path("missing/runs.sqlite")

    // When it is opened
    let error = await #expect(throws: StoreError.self) { try await StoreLocation(path).open() }

    // Then the error names the file
    #expect(error?.kind == .unreadable)
    #expect(error?.message == "cannot open \(path): unable to open database file")
  }

  @Test func aPostgresURLWithoutItsTraitNamesTheTrait() async throws {
    #if !Postgres
      let error = await #expect(throws: StoreError.self) {
        try await StoreLocation("postgresql://ci:secret@db.example:5432/runs").open()
      }
      #expect(error?.kind == .unsupported)
      #expect(
        error?.message
          == "postgresql://ci:***@db.example:5432/runs is a PostgreSQL store, and this cleanslate was built without PostgreSQL: build it with the Postgres trait (on the swift-clean-slate line of your Package.swift, traits: [\"Postgres\"]; in CleanSlate's own repository, swift run --traits Postgres cleanslate …), or give a SQLite file."
      )
    #endif
  }
}
