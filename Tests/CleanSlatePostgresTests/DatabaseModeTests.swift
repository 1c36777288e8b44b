#if Postgres
  import CleanSlate
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import CleanSlateTesting
  import PostgresNIO
  import Testing

  @Suite(.cleanSlate, postgresTests) struct DatabaseModeTests {
    @Test func aTestHasADatabaseOfItsOwn() async throws {
      let database = try await use(.playersDatabase)
      #expect(database.name.hasPrefix("cs_db_"))
      let count = try await database.connection.integer("SELECT count(*) FROM players")
      #expect(count == 100)
      try await database.connection.query("TRUNCATE players", logger: Logger(label: "tests"))
    }

    @Test func codeUnderTestMayUseRealTransactionsAndMoreConnections() async throws {
      let database = try await use(.playersDatabase)
      let other = try await database.connect()
      _ = try await other.withTransaction(logger: Logger(label: "tests")) { connection in
        try await connection.query(
          "DELETE FROM players WHERE id > 10", logger: Logger(label: "tests"))
      }
      try await other.close()
      #expect(try await database.connection.integer("SELECT count(*) FROM players") == 10)
    }
  }

  @Suite(postgresTests) struct DatabaseModeLifecycleTests {
    @Test func twoTestsWriteTheSameRowsAtOnceWithoutSeeingEachOther() async throws {
      // Given two tests running at the same time.
      let process = makeProcessScope()
      let bothWrote = Rendezvous(parties: 2)
      let seen = try await withThrowingTaskGroup(of: [String].self) { group in
        for writer in ["left", "right"] {
          group.addTask {
            let names = Box<[String]>([])
            // When each rewrites the same rows, inside a transaction it holds open while the other
            // writes too, then reads them back.
            let failures = try await runTestScope("PostgresTests/\(writer)()", in: process) {
              let database = try await use(.playersDatabase)
              let connection = database.connection
              _ = try await connection.withTransaction(logger: Logger(label: "tests")) {
                connection in
                try await connection.query(
                  "UPDATE players SET name = \(writer) || ' ' || id WHERE id <= 3",
                  logger: Logger(label: "tests"))
                await bothWrote.arrive()
              }
              names.value = try await connection.strings(
                "SELECT name FROM players WHERE id <= 3 ORDER BY id")
            }
            #expect(failures.isEmpty)
            return names.value
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      await process.end()
      // Then each saw only its own writes.
      #expect(Set(seen) == [["left 1", "left 2", "left 3"], ["right 1", "right 2", "right 3"]])
    }

    @Test func theDatabaseIsDroppedWhenTheTestEndsAndNothingIsLeftAtProcessEnd() async throws {
      // Given a process scope whose tests use database mode.
      let process = makeProcessScope()
      let names = Box<[String]>([])
      for index in 1...3 {
        let failures = try await runTestScope("PostgresTests/t\(index)()", in: process) {
          names.value.append(try await use(.playersDatabase).name)
        }
        #expect(failures.isEmpty)
      }
      // When the process scope ends.
      await process.end()
      // Then every name was different, and none of them (nor a clone made ahead) is left.
      #expect(Set(names.value).count == 3)
      let token = try #require(names.value.first?.split(separator: "_")[3])
      let left = try await withAdminConnection { admin in
        try await admin.strings(
          "SELECT datname FROM pg_database WHERE datname LIKE \("%\\_\(token)\\_%")")
      }
      #expect(left.isEmpty)
    }

    @Test func aFailedTestsDatabaseIsKeptUnderAPrintedName() async throws {
      // Given a test that fails.
      let process = makeProcessScope()
      let name = Box<String>("")
      let failures = try await runTestScope(in: process, failing: true) {
        let database = try await use(.playersDatabase)
        name.value = database.name
        try await database.connection.query(
          "DELETE FROM players WHERE id > 1", logger: Logger(label: "tests"))
      }
      await process.end()
      // Then its database is kept, renamed cs_kept_…, with what the test left in it.
      #expect(failures.isEmpty)
      let kept = "cs_kept_" + name.value.dropFirst("cs_db_".count)
      try await withAdminConnection { admin in
        #expect(
          try await admin.strings("SELECT datname FROM pg_database WHERE datname = \(kept)") == [
            kept
          ]
        )
        try await admin.query(
          PostgresQuery(unsafeSQL: "DROP DATABASE \"\(kept)\""), logger: Logger(label: "tests"))
      }
    }

    @Test func aConnectionLeftOpenIsReportedAndClosed() async throws {
      let process = makeProcessScope()
      let failures = try await runTestScope(in: process) {
        let database = try await use(.playersDatabase)
        _ = try await database.connect()
      }
      await process.end()
      #expect(failures.count == 1)
      #expect(
        failures.first?.summary.contains("left 1 connection(s) opened with connect() open") == true)
    }

    @Test func aConnectionOpenedAheadThatTheServerEndedIsReplacedNotHandedOver() async throws {
      // Given clones made ahead, each with its connection open, waiting in the pool.
      let process = makeProcessScope()
      let first = Box<String>("")
      _ = try await runTestScope(in: process) {
        first.value = try await use(.playersDatabase).name
      }
      let prefix = first.value.split(separator: "_").prefix(4).joined(separator: "_") + "_"
      let waiting = try await withAdminConnection { admin in
        var pids: [Int] = []
        for _ in 0..<500 where pids.count < 2 {
          try await Task.sleep(for: .milliseconds(10))
          pids = try await admin.query(
            "SELECT pid FROM pg_stat_activity WHERE starts_with(datname, \(prefix)) AND datname <> \(first.value)",
            logger: Logger(label: "tests")
          ).collect().map { Int(try $0.decode(Int32.self)) }
        }
        // When the server ends those connections while they wait.
        for pid in pids {
          try await admin.query(
            "SELECT pg_terminate_backend(\(Int32(pid)), 1000)", logger: Logger(label: "tests"))
        }
        return pids
      }
      #expect(waiting.count == 2)
      // Then the next test gets a live connection to its clone, with every seeded row.
      let next = try await runTestScope(in: process) {
        let database = try await use(.playersDatabase)
        #expect(!waiting.contains(try await database.connection.integer("SELECT pg_backend_pid()")))
        #expect(try await database.connection.integer("SELECT count(*) FROM players") == 100)
      }
      #expect(next.isEmpty)
      await process.end()
    }

    @Test func aFailingMigrationIsASetupFailureNamingTheMigration() async throws {
      // Given a template whose second migration is broken.
      let template = PostgresTemplate(migrations: [
        PostgresMigration("create players", sql: "CREATE TABLE players (id bigint PRIMARY KEY)"),
        PostgresMigration("add score", sql: "ALTER TABLE playrs ADD COLUMN score int"),
      ])
      let broken = Fixture.postgresDatabase("broken", template: template)
      let process = makeProcessScope()
      // When a test uses it.
      let caught = Box<CleanSlateError?>(nil)
      _ = try await runTestScope(in: process) {
        do { _ = try await use(broken) } catch let error as FixtureUnavailable {
          caught.value = error.failure
        }
      }
      await process.end()
      // Then setup fails naming the migration, and no template was marked complete.
      let failure = try #require(caught.value)
      #expect(failure.code == .setupFailed)
      #expect(failure.summary.contains("migration 'add score'"))
      #expect(failure.summary.contains("\"playrs\" does not exist"))
      let key = template.key(serverVersion: try await serverVersion())
      #expect(try await serverDatabases(prefix: "cs_bld_\(key)").isEmpty)
      #expect(try await serverDatabases(prefix: "cs_tpl_\(key)").isEmpty)
    }

    @Test func whatADeadProcessLeftIsSweptAndALiveOnesIsNot() async throws {
      // Given databases named after a dead process's token and after a live one's.
      let liveToken = "7e57a11e"
      let dead = "cs_db_00000000_deadbeef_1"
      let live = "cs_db_00000000_\(liveToken)_1"
      try await withAdminConnection { holder in
        // The live process holds its token's lock on its own connection.
        let lockID = Int32(bitPattern: UInt32(liveToken, radix: 16)!)
        try await holder.query(
          "SELECT pg_advisory_lock(\(Int32(0x4353_0001)), \(lockID))",
          logger: Logger(label: "tests"))
        for name in [dead, live] {
          try await holder.query(
            PostgresQuery(unsafeSQL: "CREATE DATABASE \"\(name)\""), logger: Logger(label: "tests"))
        }
        // When a test process opens its session.
        let process = makeProcessScope()
        _ = try await runTestScope(in: process) { _ = try await use(.playersDatabase) }
        await process.end()
        // Then the dead process's database is gone and the live one's is still there.
        #expect(try await serverDatabases(prefix: dead).isEmpty)
        #expect(try await serverDatabases(prefix: live) == [live])
        // Dropped while the lock is still held: once it is released, the live process counts as
        // dead and a session opened by a test running in parallel may sweep the database first.
        try await holder.query(
          PostgresQuery(unsafeSQL: "DROP DATABASE \"\(live)\""), logger: Logger(label: "tests"))
      }
    }

    @Test func theTemplateIsBuiltOnceAndReused() async throws {
      let process = makeProcessScope()
      _ = try await runTestScope(in: process) { _ = try await use(.playersDatabase) }
      await process.end()
      let templates = try await serverDatabases(prefix: "cs_tpl_")
      let key = PostgresTemplate.players.key(serverVersion: try await serverVersion())
      #expect(templates.contains("cs_tpl_\(key)"))
    }
  }

  func serverVersion() async throws -> String {
    try await withAdminConnection { admin in
      try await admin.strings("SHOW server_version_num").first ?? ""
    }
  }
#endif
