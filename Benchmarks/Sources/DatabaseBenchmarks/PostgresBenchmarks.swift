import BenchmarkHarness
import CleanSlatePostgres
import Foundation
import PostgresNIO

extension PostgresTemplate {
  static let players = PostgresTemplate(
    migrations: [
      PostgresMigration(
        "create players",
        sql: "CREATE TABLE players (id bigint PRIMARY KEY, name text NOT NULL, score int NOT NULL)"),
      PostgresMigration("index scores", sql: "CREATE INDEX players_score ON players (score)"),
    ],
    seed: PostgresMigration(
      "seed players",
      sql: "INSERT INTO players SELECT g, 'player ' || g, g % 100 FROM generate_series(1, 10000) g")
  )
}

extension Fixture where Value == PostgresTestConnection {
  static let players = Fixture.postgresTransaction(template: .players)
}

extension Fixture where Value == PostgresTestDatabase {
  static let players = Fixture.postgresDatabase(template: .players)
}

let logger = Logger(label: "benchmarks")

/// PostgreSQL: transaction mode and database mode, against TRUNCATE + re-seed per test.
func postgresBenchmarks(server: PostgresTestServer) -> [Sample] {
  _ = runTests("warm-up", count: 3) { testCase in
    _ = try await testCase.use(.players) as PostgresTestConnection
    _ = try await testCase.use(.players) as PostgresTestDatabase
  }
  let lending = Recorder()
  let statement = Recorder()
  let transaction = runTests("PostgreSQL: transaction mode (BEGIN … ROLLBACK)", count: 1_000) {
    testCase in
    let start = ContinuousClock.now
    let connection: PostgresTestConnection = try await testCase.use(.players)
    let lent = ContinuousClock.now
    lending.record(lent - start)
    try await connection.query("UPDATE players SET score = 0 WHERE id = 1")
    statement.record(ContinuousClock.now - lent)
  }

  // Database mode: the test's path is taking a clone and connecting; the 20 ms a test body
  // might take lets the pool clone the next database in the background.
  let taking = Recorder()
  let database = runTests("PostgreSQL: database mode, whole test incl. 20 ms body", count: 100) {
    testCase in
    let start = ContinuousClock.now
    let database: PostgresTestDatabase = try await testCase.use(.players)
    taking.record(ContinuousClock.now - start)
    try await database.connection.query("UPDATE players SET score = 0 WHERE id = 1", logger: logger)
    try await Task.sleep(for: .milliseconds(20))
  }
  let backToBack = runTests("PostgreSQL: database mode, back to back (clone-bound)", count: 100) {
    testCase in
    let database: PostgresTestDatabase = try await testCase.use(.players)
    try await database.connection.query("UPDATE players SET score = 0 WHERE id = 1", logger: logger)
  }

  // The naive alternatives, on connections opened once.
  let naive = NaiveDatabase(server: server)
  _ = runTests("naive setup", count: 1) { _ in try await naive.open() }
  let roundTrip = Recorder()
  _ = runTests("PostgresNIO round trip", count: 1) { _ in
    for _ in 0..<1_000 {
      let start = ContinuousClock.now
      try await naive.selectOne()
      roundTrip.record(ContinuousClock.now - start)
    }
  }
  // Each naive run of the body starts from a vacuumed table, so that none pays for the dead
  // row versions the one before left.
  _ = runTests("vacuum", count: 1) { _ in try await naive.vacuum() }
  let plainStatement = Recorder()
  let plainBody = runTests(
    "PostgreSQL: the same body, no fixture (harness + 1 statement)", count: 1_000
  ) { _ in
    let start = ContinuousClock.now
    try await naive.updateOne()
    plainStatement.record(ContinuousClock.now - start)
  }
  // For comparison: the same body and a fixture whose teardown makes one round trip, as
  // transaction mode's end did before the rollback moved to the background.
  let roundTripAtTeardown = Fixture<NaiveDatabase>("round trip at teardown") { context in
    context.addTeardown { () async throws in try await naive.selectOne() }
    return naive
  }
  _ = runTests("vacuum", count: 1) { _ in try await naive.vacuum() }
  let floor = runTests(
    "PostgreSQL: the same body + a fixture with 1 round trip at teardown", count: 1_000
  ) { testCase in
    try await testCase.use(roundTripAtTeardown).updateOne()
  }
  // The floor of any fixture: the same body, and a fixture whose teardown does nothing.
  let emptyTeardown = Fixture<NaiveDatabase>("empty teardown") { context in
    context.addTeardown {}
    return naive
  }
  _ = runTests("vacuum", count: 1) { _ in try await naive.vacuum() }
  let anyFixture = runTests(
    "PostgreSQL: the same body + a fixture with an empty teardown", count: 1_000
  ) { testCase in
    try await testCase.use(emptyTeardown).updateOne()
  }
  let truncate = runTests("PostgreSQL: TRUNCATE + re-seed per test (naive)", count: 30) { _ in
    try await naive.truncateAndReseed()
  }
  let cloneOnPath = runTests("PostgreSQL: CREATE DATABASE … TEMPLATE on the test's path", count: 30)
  {
    _ in try await naive.cloneAndDrop()
  }
  _ = runTests("naive cleanup", count: 1) { _ in try await naive.close() }
  return [
    transaction, taking.sample("PostgreSQL: database mode, test's path (take clone + connect)"),
    database, backToBack, truncate, cloneOnPath,
    roundTrip.sample("PostgresNIO: one round trip (SELECT 1), the floor"), plainBody,
    lending.sample("PostgreSQL: transaction mode, the test's start (use)"), floor, anyFixture,
    statement.sample("PostgreSQL: transaction mode, the body's UPDATE"),
    plainStatement.sample("PostgreSQL: no fixture, the body's UPDATE"),
  ]
}

/// The transaction-mode test alone (`only` "transaction"), the same body without a fixture alone
/// ("body"), or both: for profiling one at a time.
func postgresBreakdown(server: PostgresTestServer, count: Int, only: String?) -> [Sample] {
  var samples: [Sample] = []
  if only != "body" {
    _ = runTests("warm-up", count: 3) { testCase in
      _ = try await testCase.use(.players) as PostgresTestConnection
    }
    samples.append(
      runTests("transaction mode", count: count) { testCase in
        let connection: PostgresTestConnection = try await testCase.use(.players)
        try await connection.query("UPDATE players SET score = 0 WHERE id = 1")
      })
  }
  if only != "transaction" {
    let naive = NaiveDatabase(server: server)
    _ = runTests("naive setup", count: 1) { _ in try await naive.open() }
    samples.append(
      runTests("the same body, no fixture", count: count) { _ in try await naive.updateOne() })
    _ = runTests("naive cleanup", count: 1) { _ in try await naive.close() }
  }
  return samples
}

/// The naive alternatives: a scratch database truncated and re-seeded, and a clone made on the
/// test's path.
final class NaiveDatabase: @unchecked Sendable {
  let server: PostgresTestServer
  let scratch = "cs_bench_\(getpid())"
  var admin: PostgresConnection?
  var connection: PostgresConnection?
  var template = ""

  init(server: PostgresTestServer) { self.server = server }

  func open() async throws {
    let admin = try await PostgresConnection.connect(
      configuration: server.configuration(), id: 1, logger: logger)
    self.admin = admin
    let key = PostgresTemplate.players.key(
      serverVersion: try await admin.query("SHOW server_version_num", logger: logger)
        .collect().first!.decode(String.self))
    template = "cs_tpl_\(key)"
    try await admin.query(
      PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(scratch)"), logger: logger)
    try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(scratch)"), logger: logger)
    let connection = try await PostgresConnection.connect(
      configuration: server.configuration(database: scratch), id: 2, logger: logger)
    self.connection = connection
    // The template's rows, so that the same body updates a row here as it does in a clone.
    for statement in [
      "CREATE TABLE players (id bigint PRIMARY KEY, name text NOT NULL, score int NOT NULL)",
      "CREATE INDEX players_score ON players (score)",
      Self.seed,
    ] {
      try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
    }
  }

  static let seed =
    "INSERT INTO players SELECT g, 'player ' || g, g % 100 FROM generate_series(1, 10000) g"

  func vacuum() async throws {
    try await connection!.query("VACUUM players", logger: logger)
  }

  func selectOne() async throws {
    try await connection!.query("SELECT 1", logger: logger)
  }

  func updateOne() async throws {
    try await connection!.query("UPDATE players SET score = 0 WHERE id = 1", logger: logger)
  }

  func truncateAndReseed() async throws {
    let connection = connection!
    try await connection.query("TRUNCATE players", logger: logger)
    try await connection.query(PostgresQuery(unsafeSQL: Self.seed), logger: logger)
    try await connection.query("UPDATE players SET score = 0 WHERE id = 1", logger: logger)
  }

  func cloneAndDrop() async throws {
    try await admin!.query(
      PostgresQuery(
        unsafeSQL: "CREATE DATABASE \(scratch)_c TEMPLATE \(template) STRATEGY FILE_COPY"),
      logger: logger)
    try await admin!.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(scratch)_c"), logger: logger)
  }

  func close() async throws {
    try await connection?.close()
    try await admin?.query(
      PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(scratch) WITH (FORCE)"), logger: logger)
    try await admin?.close()
  }
}
