import CleanSlate
import CleanSlateHistory
import CleanSlateTesting
import Foundation
import Testing

#if Postgres
  import CleanSlatePostgres
#endif

/// Pruning a store of runs (`cleanslate history prune`): the sessions older than a date go, with
/// everything recorded in them and the tests only they ran; the rest reads as it did.
@Suite(.cleanSlate) struct StorePruningTests {
  @Test func aSQLiteStoreIsPrunedOfItsOldSessionsAndWhatTheyRecorded() async throws {
    let store = try await StoreLocation(try await SQLiteRunStoreTests.path()).open()
    try await PruneScenario.check(store)
  }

  @Test func theSummarySaysWhatWentInOneSentence() {
    let summary = PruneSummary(
      sessions: 1234, results: 1_234_000, attempts: 1, evidence: 12, tests: 3, kept: 56)
    #expect(
      summary.sentence(olderThan: 90, dryRun: false)
        == "Removed 1,234 sessions older than 90 days (1,234,000 results, 1 attempt, 12 rows of kept rounds, 3 tests no session kept has run); kept 56."
    )
    #expect(
      summary.sentence(olderThan: 1, dryRun: true)
        == "Would remove 1,234 sessions older than 1 day (1,234,000 results, 1 attempt, 12 rows of kept rounds, 3 tests no session kept has run); would keep 56."
    )
    let none = PruneSummary(sessions: 0, results: 0, attempts: 0, evidence: 0, tests: 0, kept: 7)
    #expect(
      none.sentence(olderThan: 30, dryRun: false)
        == "No session is older than 30 days: nothing was removed; kept 7.")
  }
}

#if Postgres
  extension StorePruningTests {
    /// The same on a real PostgreSQL server, a database of the test's own.
    @Suite(
      .cleanSlate,
      .enabled(
        if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage)))
    struct OnPostgres {
      @Test func aPostgresStoreIsPrunedOfItsOldSessionsAndWhatTheyRecorded() async throws {
        let store = try await StoreLocation(try await PostgresRunStoreTests.url()).open()
        do {
          try await PruneScenario.check(store)
        } catch {
          await store.close()
          throw error
        }
        await store.close()
      }
    }
  }
#endif
