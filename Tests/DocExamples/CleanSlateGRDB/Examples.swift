// swift-format-ignore-file
// The code examples of CleanSlateGRDB's documentation (its DocC catalog), compiled:
// scripts/check-doc-examples.sh checks that each example is here.
#if GRDB
  import CleanSlateGRDB
  import CleanSlateTesting
  import GRDB
  import Testing

  extension Fixture where Value == DatabaseQueue {
    static let appDatabase = Fixture.database(migrator: .app) { db in
      for index in 1...10_000 { try Player(id: index, score: index % 100).insert(db) }
    }
  }

  @Suite(.cleanSlate) struct LeaderboardTests {
    @Test func ranksByScore() async throws {
      let dbQueue = try await use(.appDatabase)
      let leaderboard = Leaderboard(database: dbQueue)
      try await leaderboard.reset()                 // writes freely: the copy is private
      #expect(try await leaderboard.top(3).isEmpty)
    }
  }
#endif
