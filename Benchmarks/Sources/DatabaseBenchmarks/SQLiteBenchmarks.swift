import BenchmarkHarness
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

/// Where a fresh-database test's time goes: `use`, the body's read, and the rest (teardown and
/// harness), against the same read on one shared database handed over by fixtures whose
/// teardown does nothing or hops onto the queue as the real one does. `only` ("fresh" or
/// "shared") runs one half, for profiling.
func sqliteBreakdown(count: Int, only: String?) -> [Sample] {
  let rows: @Sendable (Database) throws -> Int = {
    try Int.fetchOne($0, sql: "SELECT count(*) FROM players")!
  }
  _ = runTests("warm-up", count: 3) { testCase in
    _ = try await testCase.use(.players).read(rows)
  }
  var samples: [Sample] = []
  if only != "shared" {
    let useTimes = Recorder()
    let readTimes = Recorder()
    let read = TimedRead(rows)
    samples.append(
      runTests("fresh: whole test", count: count) { testCase in
        let start = ContinuousClock.now
        let dbQueue: DatabaseQueue = try await testCase.use(.players)
        let used = ContinuousClock.now
        try await read.run(on: dbQueue)
        useTimes.record(used - start)
        readTimes.record(ContinuousClock.now - used)
      })
    samples += [useTimes.sample("fresh: use"), readTimes.sample("fresh: body's read")]
    samples += read.samples("fresh")
  }
  if only != "fresh" {
    let shared = try! DatabaseQueue()
    try! Players.migrator.migrate(shared)
    try! shared.write(Players.seed)
    let sharedReads = Recorder()
    let read = TimedRead(rows)
    samples.append(
      runTests("shared: whole test", count: count) { _ in
        let start = ContinuousClock.now
        try await read.run(on: shared)
        sharedReads.record(ContinuousClock.now - start)
      })
    samples += [sharedReads.sample("shared: body's read")] + read.samples("shared")
    let handedOver = Fixture<DatabaseQueue>("shared, empty teardown") { context in
      context.addTeardown {}
      return shared
    }
    samples.append(
      runTests("shared via a fixture, empty sync teardown", count: count) {
        testCase in
        let count = try await testCase.use(handedOver).read(rows)
        precondition(count == 10_000)
      })
    let checked = Fixture<DatabaseQueue>("shared, transaction check") { context in
      context.addTeardown { _ = shared.writeWithoutTransaction { $0.isInsideTransaction } }
      return shared
    }
    samples.append(
      runTests(
        "shared via a fixture, teardown hops onto the queue", count: count
      ) {
        testCase in
        let count = try await testCase.use(checked).read(rows)
        precondition(count == 10_000)
      })
  }
  return samples
}

/// The body's read of a breakdown, timed in three parts: getting into the read closure, the
/// count itself, and getting back out.
struct TimedRead: Sendable {
  let rows: @Sendable (Database) throws -> Int
  let hopIn = Recorder()
  let inside = Recorder()
  let hopOut = Recorder()

  init(_ rows: @escaping @Sendable (Database) throws -> Int) { self.rows = rows }

  func run(on dbQueue: DatabaseQueue) async throws {
    let start = ContinuousClock.now
    let (count, entered, counted) = try await dbQueue.read { db in
      let entered = ContinuousClock.now
      return (try rows(db), entered, ContinuousClock.now)
    }
    let done = ContinuousClock.now
    precondition(count == 10_000)
    hopIn.record(entered - start)
    inside.record(counted - entered)
    hopOut.record(done - counted)
  }

  func samples(_ prefix: String) -> [Sample] {
    [
      hopIn.sample("\(prefix): read: into the closure"),
      inside.sample("\(prefix): read: count(*)"), hopOut.sample("\(prefix): read: back"),
    ]
  }
}
