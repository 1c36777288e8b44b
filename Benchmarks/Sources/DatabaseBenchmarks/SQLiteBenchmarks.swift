import CleanSlateGRDB
import GRDB

/// Players: the 10,000-row template every benchmark starts from.
enum Players {
  static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("create players") { db in
      try db.execute(
        sql:
          "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)"
      )
    }
    migrator.registerMigration("index scores") { db in
      try db.execute(sql: "CREATE INDEX players_score ON players (score)")
    }
    return migrator
  }()

  static let seed: @Sendable (Database) throws -> Void = { db in
    let statement = try db.makeStatement(
      sql: "INSERT INTO players (id, name, score) VALUES (?, ?, ?)")
    for id in 1...10_000 {
      try statement.execute(arguments: [id, "player \(id)", id % 100])
    }
  }
}

extension Fixture where Value == DatabaseQueue {
  static let players = Fixture.database(migrator: Players.migrator, seed: Players.seed)
}

/// SQLite: a fresh copy of the template per test, against migrating and seeding per test.
func sqliteBenchmarks() -> [Sample] {
  let count: @Sendable (Database) throws -> Int = {
    try Int.fetchOne($0, sql: "SELECT count(*) FROM players")!
  }
  _ = runTests("warm-up", count: 3) { testCase in
    _ = try await testCase.use(.players).read(count)
  }
  let empty = runTests("SQLite: empty FixtureTestCase test (harness)", count: 500) { _ in }
  let fresh = runTests("SQLite: fresh database from template (CleanSlateGRDB)", count: 500) {
    testCase in
    let rows = try await testCase.use(.players).read(count)
    precondition(rows == 10_000)
  }
  let shared = try! DatabaseQueue()
  try! Players.migrator.migrate(shared)
  try! shared.write(Players.seed)
  let body = runTests("SQLite: the same body on one shared database (no fixture)", count: 500) {
    _ in
    let rows = try await shared.read(count)
    precondition(rows == 10_000)
  }
  let naive = runTests("SQLite: re-migrate + re-seed per test (naive)", count: 40) { _ in
    let dbQueue = try DatabaseQueue()
    try Players.migrator.migrate(dbQueue)
    try await dbQueue.write(Players.seed)
    let rows = try await dbQueue.read(count)
    precondition(rows == 10_000)
  }
  return [empty, fresh, naive, body]
}
