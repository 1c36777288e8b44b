// swift-format-ignore-file
// What the examples use and leave to the reader: the app's schema, a record, the code under
// test.
#if GRDB
  import GRDB

  extension DatabaseMigrator {
    static let app: DatabaseMigrator = {
      var migrator = DatabaseMigrator()
      migrator.registerMigration("create players") { db in
        try db.create(table: "player") { table in
          table.column("id", .integer).primaryKey()
          table.column("score", .integer).notNull()
        }
      }
      return migrator
    }()
  }

  struct Player: Codable, PersistableRecord, FetchableRecord {
    var id: Int
    var score: Int
  }

  struct Leaderboard {
    let database: DatabaseQueue

    func reset() async throws {
      _ = try await database.write { db in try Player.deleteAll(db) }
    }

    func top(_ count: Int) async throws -> [Player] {
      try await database.read { db in
        try Player.order(Column("score").desc).limit(count).fetchAll(db)
      }
    }
  }
#endif
