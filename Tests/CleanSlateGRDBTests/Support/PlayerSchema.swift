#if GRDB
  import CleanSlateGRDB
  import GRDB

  /// The schema of the tests: players with a unique name and a score.
  enum PlayerSchema {
    static let migrator: DatabaseMigrator = {
      var migrator = DatabaseMigrator()
      migrator.registerMigration("create players") { db in
        try db.execute(
          sql:
            "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score INTEGER NOT NULL)"
        )
      }
      migrator.registerMigration("index scores") { db in
        try db.execute(sql: "CREATE INDEX players_score ON players (score)")
      }
      return migrator
    }()

    /// Inserts `count` players named `player 1`…
    static func seed(count: Int) -> @Sendable (Database) throws -> Void {
      { db in
        for id in 1...count {
          try db.execute(
            sql: "INSERT INTO players (id, name, score) VALUES (?, ?, ?)",
            arguments: [id, "player \(id)", id % 100])
        }
      }
    }

    static func playerCount(_ db: Database) throws -> Int {
      try Int.fetchOne(db, sql: "SELECT count(*) FROM players") ?? -1
    }
  }

  extension Fixture where Value == DatabaseQueue {
    /// 100 seeded players, a private copy per test.
    static let players = Fixture.database(
      "players", migrator: PlayerSchema.migrator, seed: PlayerSchema.seed(count: 100))
  }

  extension Fixture where Value == DatabasePool {
    /// 100 seeded players in a WAL database file per test.
    static let playersPool = Fixture.databasePool(
      "playersPool", migrator: PlayerSchema.migrator, seed: PlayerSchema.seed(count: 100))
  }
#endif
