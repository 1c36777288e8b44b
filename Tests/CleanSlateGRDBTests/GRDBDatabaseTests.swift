#if GRDB
  import CleanSlate
  import CleanSlateGRDB
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import GRDB
  import Testing

  @Suite(.cleanSlate) struct GRDBDatabaseTests {
    @Test func eachTestStartsFromTheSeededTemplate() async throws {
      let dbQueue = try await use(.players)
      try await dbQueue.write { db in
        try db.execute(sql: "DELETE FROM players WHERE id > 50")
        #expect(try PlayerSchema.playerCount(db) == 50)
      }
    }

    @Test func anotherTestStillSeesEverySeededRow() async throws {
      let dbQueue = try await use(.players)
      try await dbQueue.write { db in
        #expect(try PlayerSchema.playerCount(db) == 100)
        try db.execute(sql: "INSERT INTO players (id, name, score) VALUES (101, 'Ada', 1)")
      }
    }

    @Test func theDatabaseHasTheMigrationsApplied() async throws {
      let dbQueue = try await use(.players)
      let applied = try await dbQueue.read { try PlayerSchema.migrator.appliedMigrations($0) }
      #expect(applied == ["create players", "index scores"])
    }

    @Test func twoTestsWriteTheSameRowsAtOnceWithoutSeeingEachOther() async throws {
      // Given two tests running at the same time, each with its own scope.
      let process = makeProcessScope()
      let bothWrote = Rendezvous(parties: 2)
      // When each inserts the same ids with its own names, waits for the other, then reads.
      let seen = try await withThrowingTaskGroup(of: [String].self) { group in
        for writer in ["left", "right"] {
          group.addTask {
            let names = Box<[String]>([])
            let failures = try await runTestScope("GRDBTests/\(writer)()", in: process) {
              let dbQueue = try await use(.players)
              try await dbQueue.write { db in
                for id in 1...3 {
                  try db.execute(
                    sql: "INSERT INTO players (id, name, score) VALUES (?, ?, 0)",
                    arguments: [1_000 + id, "\(writer) \(id)"])
                }
              }
              await bothWrote.arrive()
              names.value =
                (try await dbQueue.read {
                  try String.fetchAll(
                    $0, sql: "SELECT name FROM players WHERE id > 1000 ORDER BY id")
                })
            }
            #expect(failures.isEmpty)
            return names.value
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      await process.end()
      // Then each saw its own rows only.
      #expect(Set(seen) == [["left 1", "left 2", "left 3"], ["right 1", "right 2", "right 3"]])
    }
  }

  @Suite struct GRDBTemplateTests {
    @Test func theTemplateIsBuiltOncePerProcessScope() async throws {
      // Given a fixture whose seed counts its runs.
      let seeds = Counter()
      let fixture = Fixture.database(migrator: PlayerSchema.migrator) { db in
        seeds.increment()
        try PlayerSchema.seed(count: 10)(db)
      }
      let process = makeProcessScope()
      // When three tests use it.
      for index in 1...3 {
        let failures = try await runTestScope("GRDBTests/t\(index)()", in: process) {
          let dbQueue = try await use(fixture)
          #expect(try await dbQueue.read(PlayerSchema.playerCount) == 10)
        }
        #expect(failures.isEmpty)
      }
      await process.end()
      // Then the seed ran once.
      #expect(seeds.value == 1)
    }

    @Test func copiesAreOpenedAheadAndEachTestGetsOneOfItsOwn() async throws {
      // Given a fixture that counts the connections it opens.
      let opened = Counter()
      var configuration = Configuration()
      configuration.prepareDatabase { _ in opened.increment() }
      let fixture = Fixture.database(
        migrator: PlayerSchema.migrator, configuration: configuration,
        seed: PlayerSchema.seed(count: 10))
      let process = makeProcessScope()
      // When a first test deletes every row of its database.
      let queues = Box<[ObjectIdentifier]>([])
      _ = try await runTestScope("GRDBTests/first()", in: process) {
        let dbQueue = try await use(fixture)
        queues.value.append(ObjectIdentifier(dbQueue))
        try await dbQueue.write { try $0.execute(sql: "DELETE FROM players") }
      }
      // Then two copies wait, opened ahead: the template, the first test's, and two more.
      #expect(await eventually { opened.value == 4 })
      // And the next test takes one of them, with every seeded row, and another is opened.
      _ = try await runTestScope("GRDBTests/second()", in: process) {
        let dbQueue = try await use(fixture)
        queues.value.append(ObjectIdentifier(dbQueue))
        #expect(try await dbQueue.read(PlayerSchema.playerCount) == 10)
      }
      #expect(await eventually { opened.value == 5 })
      await process.end()
      #expect(Set(queues.value).count == 2)
    }

    @Test func theKeyIsTheSameForTheSameMigrationsAndSeed() throws {
      let first = try DatabaseTemplate.build(
        migrator: PlayerSchema.migrator, configuration: Configuration(),
        seed: PlayerSchema.seed(count: 5))
      let second = try DatabaseTemplate.build(
        migrator: PlayerSchema.migrator, configuration: Configuration(),
        seed: PlayerSchema.seed(count: 5))
      #expect(first.key == second.key)
    }

    @Test func aChangedMigrationBodyChangesTheKey() throws {
      // Given two migrators with the same migration names but different bodies.
      var changed = DatabaseMigrator()
      changed.registerMigration("create players") { db in
        try db.execute(
          sql:
            "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)"
        )
      }
      changed.registerMigration("index scores") { db in
        try db.execute(sql: "CREATE INDEX players_score ON players (score)")
      }
      // When templates are built from each.
      let original = try DatabaseTemplate.build(
        migrator: PlayerSchema.migrator, configuration: Configuration(), seed: nil)
      let edited = try DatabaseTemplate.build(
        migrator: changed, configuration: Configuration(), seed: nil)
      // Then the keys differ, though the migration names are the same.
      #expect(original.migrations == edited.migrations)
      #expect(original.key != edited.key)
    }

    @Test func aChangeOfDataAloneChangesTheKey() throws {
      let ten = try DatabaseTemplate.build(
        migrator: PlayerSchema.migrator, configuration: Configuration(),
        seed: PlayerSchema.seed(count: 10))
      let eleven = try DatabaseTemplate.build(
        migrator: PlayerSchema.migrator, configuration: Configuration(),
        seed: PlayerSchema.seed(count: 11))
      #expect(ten.key != eleven.key)
    }
  }

  /// Whether `condition` holds within two seconds, checked every few milliseconds.
  func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<400 {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
  }
#endif
