#if Postgres
  import CleanSlate
  import CleanSlateHistory
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import PostgresNIO
  import Testing

  /// The PostgreSQL store's tables across versions, on a real server: a store the previous
  /// CleanSlate made is brought to the tables a new store has, every session kept; a new store
  /// in a database that holds an application's own `sessions`, `tests` and `results` tables
  /// leaves them alone.
  @Suite(
    .cleanSlate,
    .enabled(
      if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage)))
  struct PostgresStoreSchemaTests {
    static let logger = Logger(label: "tests")

    /// The first column of every row of `sql` in `database`, as text.
    static func rows(_ sql: String, in database: PostgresTestDatabase) async throws -> [String] {
      var rows: [String] = []
      for try await row in try await database.connection.query(
        PostgresQuery(unsafeSQL: sql), logger: logger
      ).decode(String.self) {
        rows.append(row)
      }
      return rows
    }

    /// Runs each of `statements` in `database`.
    static func run(_ statements: [String], in database: PostgresTestDatabase) async throws {
      for statement in statements {
        try await database.connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
      }
    }

    /// The store's tables in `database` as a person would compare them: columns, keys, foreign
    /// keys, indexes and sequences, by name.
    static func shape(of database: PostgresTestDatabase) async throws -> [String] {
      try await rows(
        """
        SELECT table_name || ' ' || ordinal_position || ' ' || column_name || ' ' || data_type
          || ' ' || is_nullable || ' ' || is_identity
        FROM information_schema.columns WHERE table_schema = current_schema()
        UNION ALL
        SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
          AND contype IN ('p', 'u', 'f')
        UNION ALL
        SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema()
        UNION ALL
        SELECT 'sequence ' || sequencename FROM pg_sequences WHERE schemaname = current_schema()
        ORDER BY 1
        """, in: database)
    }

    @Test func aStoreOfThePreviousVersionKeepsEverySessionUnderTheStoresOwnNames() async throws {
      // Given a store of version 2, its tables named sessions, tests, results, …
      let database = try await use(.postgresDatabase("store", keepingFailed: false))
      try await Self.run(
        EarlierStore.statements(.postgres, holding: MigrationScenario.sessions), in: database)

      // When this CleanSlate opens it
      let store = try await StoreLocation(database.server.url(database: database.name)).open()

      // Then every table is the store's own, and it reads back every session
      do {
        #expect(
          try await Self.rows(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1",
            in: database) == [
              "cleanslate_attempts", "cleanslate_evidence", "cleanslate_results",
              "cleanslate_sessions", "cleanslate_store", "cleanslate_tests",
            ])
        try await MigrationScenario.check(store)
      } catch {
        await store.close()
        throw error
      }
      await store.close()
    }

    @Test(arguments: [1, 2])
    func aMigratedStoreHasTheTablesOfANewOne(from version: Int) async throws {
      // Given a store brought from an earlier version, and a new one
      let migrated = try await use(.postgresDatabase("store", keepingFailed: false))
      try await Self.run(
        EarlierStore.statements(.postgres, version: version, holding: []), in: migrated)
      await (try await StoreLocation(migrated.server.url(database: migrated.name)).open()).close()
      let new = try await use(.postgresDatabase("store", keepingFailed: false))
      await (try await StoreLocation(new.server.url(database: new.name)).open()).close()

      // Then their columns, keys, foreign keys, indexes and sequences are the same
      let shape = try await Self.shape(of: new)
      #expect(shape.contains("sequence cleanslate_sessions_id_seq"), "\(shape)")
      #expect(try await Self.shape(of: migrated) == shape)
    }

    @Test func aNewStoreLeavesAnApplicationsOwnTablesAlone() async throws {
      // Given a database holding an application's own sessions, tests and results tables
      let database = try await use(.postgresDatabase("store", keepingFailed: false))
      try await Self.run(
        [
          "CREATE TABLE sessions (id serial PRIMARY KEY, token text NOT NULL)",
          "CREATE TABLE tests (id serial PRIMARY KEY, title text)",
          "CREATE TABLE results (id serial PRIMARY KEY, score int)",
          "INSERT INTO sessions (token) VALUES ('t1'), ('t2')",
        ], in: database)
      let before = try await Self.shape(of: database)

      // When a store is made there, and records a session
      let store = try await StoreLocation(database.server.url(database: database.name)).open()
      do {
        try await store.record(Sessions.make("s1", verdicts: ["A": "passed"]))
        #expect(try await store.history(HistoryWindow()).sessions.map(\.id) == ["s1"])
      } catch {
        await store.close()
        throw error
      }
      await store.close()

      // Then the application's tables are as they were, rows and all
      let after = try await Self.shape(of: database)
      #expect(after.filter { !$0.contains("cleanslate_") } == before)
      #expect(
        try await Self.rows("SELECT token FROM sessions ORDER BY id", in: database) == ["t1", "t2"])
    }
  }
#endif
