#if Postgres
  import CleanSlate
  import CleanSlateHistory
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import PostgresNIO
  import Testing

  extension WritersAtOnce {
    /// Four machines' sessions written into one PostgreSQL store at once lose nothing.
    @Suite(
      .cleanSlate,
      .enabled(
        if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage)))
    struct PostgresWritersTests {
      @Test func fourMachinesWritingAtOnceLoseNothing() async throws {
        // Given a new database
        let url = try await PostgresRunStoreTests.url()
        let probe = try HelperExecutable(named: "CleanSlateHistoryProbe")

        // When four processes each write five sessions of 300 tests into it at once, the first
        // of them making its tables
        let outcomes = try await withThrowingTaskGroup(of: HelperExecutable.Outcome.self) { group in
          for machine in 1...4 {
            group.addTask { try await probe.run([url, "5", "300", "machine\(machine)"]) }
          }
          return try await group.reduce(into: []) { $0.append($1) }
        }

        // Then each wrote every session, and the store holds all twenty, each whole
        for outcome in outcomes { #expect(outcome.status == 0, "\(outcome.standardError)") }
        let store = try await StoreLocation(url).open()
        defer { Task { await store.close() } }
        let history = try await store.history(HistoryWindow())
        #expect(history.sessions.count == 20)
        var counts: [Int32: Int] = [:]
        for result in history.results { counts[result.session, default: 0] += 1 }
        #expect(counts.count == 20)
        #expect(counts.values.allSatisfy { $0 == 300 }, "\(counts)")
        #expect(history.tests.count == 300)
      }
    }
  }
#endif
