#if Postgres
  import CleanSlate
  import CleanSlateHistory
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import PostgresNIO
  import Testing

  /// The PostgreSQL store of runs, on a real server, a database of its own for each test: what
  /// sessions write is what a later session reads; a server that does not answer and a store of a
  /// newer schema are refused with a sentence that names them. (Machines writing one store at once:
  /// ``WritersAtOnce``.)
  @Suite(
    .cleanSlate,
    .enabled(
      if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage)))
  struct PostgresRunStoreTests {
    /// A URL of a new, empty database of the test's own.
    static func url() async throws -> String {
      let database = try await use(.postgresDatabase("store", keepingFailed: false))
      return database.server.url(database: database.name)
    }

    @Test func aRecordedSessionIsReadBackWithEveryResultAndAttempt() async throws {
      // Given a store, and a session in which A passed, B was flaky and C failed
      let url = try await Self.url()
      let store = try await StoreLocation(url).open()
      let session = Sessions.make(
        "s1", commit: "abc123", verdicts: ["A": "passed", "B": "flaky", "C": "failed"])

      // When it is recorded twice, and the store is opened again
      try await store.record(session)
      try await store.record(session)
      await store.close()
      let reopened = try await StoreLocation(url).open()
      defer { Task { await reopened.close() } }
      let history = try await reopened.history(HistoryWindow())
      let detail = try await reopened.results(of: "C", limit: 5)

      // Then the session is there once, with each test's verdict and the failed test's attempts
      #expect(history.sessions.map(\.id) == ["s1"])
      #expect(history.sessions[0].source == SourceVersion(commit: "abc123", branch: "main"))
      #expect(history.sessions[0].failedCount == 2)
      let verdicts = Dictionary(
        uniqueKeysWithValues: history.results.map { (history.tests[Int($0.test)], $0.verdict) })
      #expect(verdicts == ["A": .passed, "B": .flaky, "C": .failed])
      #expect(detail.first?.result == session.results[2])
      let known = try await reopened.knownTests(among: ["A", "B", "C", "D"])
      #expect(known == KnownTests(seenPassing: ["A", "B"], sessions: 1))
    }

    @Test func theNextExplanationGoesOnFromTheRoundsOfItsSequence() async throws {
      // Given a PostgreSQL store
      let store = try await StoreLocation(try await Self.url()).open()

      // When sessions record their rounds, Then each reading pools what it should
      do {
        try await PooledEvidenceScenario.check(store)
      } catch {
        await store.close()
        throw error
      }
      await store.close()
    }

    @Test func aServerThatDoesNotAnswerIsNamedWithoutItsPassword() async throws {
      // Given a loopback port nothing listens on
      let port = freeLoopbackPort()

      // When a store there is opened
      let error = await #expect(throws: StoreError.self) {
        try await StoreLocation("postgresql://ci:secret@127.0.0.1:\(port)/runs").open()
      }

      // Then it is unreachable, named without its password
      #expect(error?.kind == .unreachable)
      #expect(
        error?.message.hasPrefix("cannot connect to postgresql://ci:***@127.0.0.1:\(port)/runs: ")
          == true, "\(String(describing: error))")
      #expect(error?.message.contains("secret") == false)
    }

    @Test func aStoreOfANewerSchemaIsRefusedUntouched() async throws {
      // Given a store whose version is one this CleanSlate does not know
      let database = try await use(.postgresDatabase("store", keepingFailed: false))
      let url = database.server.url(database: database.name)
      await (try await StoreLocation(url).open()).close()
      try await database.connection.query(
        "UPDATE cleanslate_store SET version = 99", logger: .init(label: "tests"))

      // When it is opened
      let error = await #expect(throws: StoreError.self) { try await StoreLocation(url).open() }

      // Then the error names the versions
      #expect(error?.kind == .newerSchema)
      #expect(
        error?.message
          == "\(StoreLocation(url).name) is a store of runs of version 99, made by a newer CleanSlate; this one knows versions up to 3. Update CleanSlate, or give another database."
      )
    }
  }

#endif
