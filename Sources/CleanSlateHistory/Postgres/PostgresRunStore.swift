#if Postgres
  package import Foundation
  internal import PostgresNIO

  /// A store of runs in a PostgreSQL database, for a fleet of CI machines writing at once (the
  /// `Postgres` trait).
  ///
  /// Each session is written in one transaction at its end, each table's rows in one statement
  /// (arrays unnested), new tests' names in a fixed order so that two sessions adding the same
  /// names never wait on each other in a circle. Migrations run under an advisory lock: machines
  /// opening a new database at once make its tables once.
  package final class PostgresRunStore: RunStore {
    package let name: String
    private let connection: PostgresConnection
    private static let logger: Logger = {
      var logger = Logger(label: "CleanSlateHistory")
      logger.logLevel = .critical
      return logger
    }()
    /// The key of the advisory lock migrations hold.
    private static let migrationLock: Int64 = 0x636C_6E73_6C61_7465

    private init(name: String, connection: PostgresConnection) {
      self.name = name
      self.connection = connection
    }

    /// Connects to the database at `url` and brings its tables to the current version.
    ///
    /// - Throws: ``StoreError``: the URL is not one, the server does not answer or refuses, or
    ///   the store is of a newer CleanSlate.
    package static func open(url: String) async throws -> PostgresRunStore {
      let name = PasswordRedaction.redacted(url)
      let configuration = try PostgresURL(url, name: name).configuration
      let connection: PostgresConnection
      do {
        connection = try await PostgresConnection.connect(
          configuration: configuration, id: 1, logger: logger)
      } catch {
        throw StoreError(.unreachable, "cannot connect to \(name): \(String(reflecting: error))")
      }
      let store = PostgresRunStore(name: name, connection: connection)
      do {
        try await store.migrate()
      } catch {
        try? await connection.close()
        throw error
      }
      return store
    }

    package func close() async {
      try? await connection.close()
    }

    // MARK: - Statements

    /// Runs `query`, failing with a ``StoreError`` that names the store.
    @discardableResult
    func run(_ query: PostgresQuery) async throws -> PostgresRowSequence {
      do {
        return try await connection.query(query, logger: Self.logger)
      } catch let error as PSQLError {
        throw StoreError(
          .failed, "\(name): \(error.serverInfo?[.message] ?? String(reflecting: error))")
      } catch {
        throw StoreError(.unreachable, "\(name): \(String(reflecting: error))")
      }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () async throws -> T) async throws -> T {
      try await run("BEGIN")
      do {
        let result = try await body()
        try await run("COMMIT")
        return result
      } catch {
        _ = try? await connection.query("ROLLBACK", logger: Self.logger)
        throw error
      }
    }

    private func migrate() async throws {
      try await transaction {
        try await run("SELECT pg_advisory_xact_lock(\(Self.migrationLock))")
        try await run(PostgresQuery(unsafeSQL: StoreSchema.versionTable))
        var found = 0
        for try await version in try await run(
          "SELECT coalesce(max(version), 0) FROM cleanslate_store"
        )
        .decode(Int.self) {
          found = version
        }
        guard found <= StoreSchema.latest else {
          throw StoreError(
            .newerSchema,
            "\(name) is a store of runs of version \(found), made by a newer CleanSlate; this one knows versions up to \(StoreSchema.latest). Update CleanSlate, or give another database."
          )
        }
        guard found < StoreSchema.latest else { return }
        for statement in StoreSchema.statements(from: found, for: .postgres) {
          try await run(PostgresQuery(unsafeSQL: statement))
        }
        try await run("DELETE FROM cleanslate_store")
        try await run("INSERT INTO cleanslate_store (version) VALUES (\(StoreSchema.latest))")
      }
    }

    // MARK: - RunStore

    package func record(_ session: StoredSession) async throws {
      try await PostgresSessionWriter(store: self).write(session)
    }

    package func knownTests(among tests: [String]) async throws -> KnownTests {
      var sessions = 0
      for try await count in try await run("SELECT count(*)::bigint FROM cleanslate_sessions")
        .decode(Int.self)
      {
        sessions = count
      }
      var seen = Set<String>()
      let rows = try await run(
        """
        SELECT t.name FROM cleanslate_tests t WHERE t.name = ANY(\(tests)) AND EXISTS (
          SELECT 1 FROM cleanslate_results r
          WHERE r.test = t.id AND r.verdict IN ('passed', 'flaky'))
        """)
      for try await name in rows.decode(String.self) { seen.insert(name) }
      return KnownTests(seenPassing: seen, sessions: sessions)
    }

    package func history(_ window: HistoryWindow) async throws -> StoredHistory {
      try await PostgresHistoryReader(store: self).read(window)
    }

    package func results(of test: String, limit: Int) async throws -> [RecordedResult] {
      try await PostgresHistoryReader(store: self).results(of: test, limit: limit)
    }

    package func pendingTests() async throws -> [String] {
      let rows = try await run(PostgresQuery(unsafeSQL: EvidenceQuery.pendingTests))
      var names: [String] = []
      do {
        for try await name in rows.decode(String.self) { names.append(name) }
      } catch {
        throw StoreError(.failed, "\(name): \(String(reflecting: error))")
      }
      return names
    }

    package func prune(startedBefore date: Date, dryRun: Bool) async throws -> PruneSummary {
      var bindings = PostgresBindings()
      bindings.append(date.timeIntervalSince1970)
      return try await transaction {
        var summary: PruneSummary?
        let counts = try await run(
          PostgresQuery(unsafeSQL: PruneQuery.counts(parameter: "$1"), binds: bindings))
        do {
          for try await (sessions, results, attempts, evidence, tests, kept) in counts.decode(
            (Int, Int, Int, Int, Int, Int).self)
          {
            summary = PruneSummary(
              sessions: sessions, results: results, attempts: attempts, evidence: evidence,
              tests: tests, kept: kept)
          }
        } catch {
          throw StoreError(.failed, "\(name): \(String(reflecting: error))")
        }
        guard let summary else { throw StoreError(.failed, "\(name): no counts") }
        guard !dryRun else { return summary }
        for statement in PruneQuery.deletions(parameter: "$1") {
          try await run(PostgresQuery(unsafeSQL: statement, binds: bindings))
        }
        try await run(PostgresQuery(unsafeSQL: PruneQuery.unreferencedTests))
        return summary
      }
    }

    package func evidence(of test: String) async throws -> [RecordedEvidence] {
      var bindings = PostgresBindings()
      bindings.append(test)
      let rows = try await run(
        PostgresQuery(unsafeSQL: EvidenceQuery.sql(parameter: "$1"), binds: bindings))
      var found: [RecordedEvidence] = []
      do {
        for try await (session, lead, rounds, afresh) in rows.decode(
          (Int64, String, String, Int32).self)
        {
          found.append(
            RecordedEvidence(
              session: session,
              evidence: StoredEvidence(lead: lead, rounds: rounds, afresh: afresh != 0)))
        }
      } catch {
        throw StoreError(.failed, "\(name): \(String(reflecting: error))")
      }
      return found
    }
  }
#endif
