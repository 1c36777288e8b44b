import Foundation

/// The tables of the store of runs, as versioned migrations in one place, for SQLite and
/// PostgreSQL alike.
///
/// A store records its version in `cleanslate_store`. Opening one brings it to ``latest`` in one
/// transaction: a new store gets the latest tables at once (``newStore``); a store of an earlier
/// version gets the migrations it has not seen, in order. A store whose version is newer than
/// ``latest`` was made by a newer CleanSlate and is left untouched
/// (``StoreError/Kind/newerSchema``). Migrations are only ever added at the end: a published one
/// never changes. A new migration changes ``newStore`` to match (`StoreSchemaTests` holds both ways
/// to the same tables). A new store never runs the first migrations, which made tables under names
/// an application's own tables may have (`sessions`, `tests`): it leaves those alone.
///
/// Every table's name starts with `cleanslate_`, so that a store shares a database with an
/// application's tables (version 3 renamed the tables of earlier stores). The tables, as a person
/// reads them with `sqlite3` or `psql`:
/// - `cleanslate_sessions`: one row a session of `cleanslate test` — when, the commit and whether
///   the tree had uncommitted changes, the branch, the machine, the shard, the command, its exit
///   status, how many tests ran and how many failed at least one run.
/// - `cleanslate_tests`: one row a test, by its name as `swift test list` prints it: the same name
///   in every shard, on every machine, in both frameworks.
/// - `cleanslate_results`: one row a test in a session — its verdict (`passed`, `failed`,
///   `flaky`, `skipped`, `timedOut`), its runs and failures, its mean duration, whether it was
///   quarantined or checked as a new test, and its explained cause (its kind, and the cause as
///   JSON).
/// - `cleanslate_attempts`: each run of a test that ran more than once or failed — its
///   repetition, how it ended (`passed`, `failed`, `skipped`, `timedOut`, `crashed`), its
///   duration, alone or beside which tests, its first failure line, a crash's signal and pinned
///   frame, where a hang hung, and whether it was a new test's check. A test that passed in its
///   only run is its result row.
/// - `cleanslate_evidence` (version 2): one row a test in a session whose explanation went on from
///   earlier sessions — each experiment's rounds (`rounds`: `parallel 00x231,10x3`, each shape of
///   round and how many ran: `10` a pair that failed with the factor only, `0/2-1/1` a round of two
///   runs with it and one without), the experiment that holds most of the sequence's error budget
///   (`lead`), and whether the session started its sequence afresh.
///
/// Indexes: `cleanslate_sessions_by_start` (sessions by when they started) and
/// `cleanslate_results_by_test` (a test's results).
package enum StoreSchema {
  /// The SQL a database speaks.
  package enum Dialect: Sendable {
    case sqlite
    case postgres
  }

  /// The version of the newest migration.
  package static var latest: Int { migrations.count }

  /// The statements of each migration, in order: migration `n` brings a store to version `n`.
  package static func migrations(for dialect: Dialect) -> [[String]] {
    migrations.map { $0.compactMap { $0.spelled(in: dialect) } }
  }

  /// The statements that bring a store of `version` to ``latest``: the latest tables at once for a
  /// new store (version 0), else the migrations after `version`.
  static func statements(from version: Int, for dialect: Dialect) -> [String] {
    guard version > 0 else { return newStore.compactMap { $0.spelled(in: dialect) } }
    return migrations(for: dialect).dropFirst(version).flatMap { $0 }
  }

  /// The statement that makes the version table, when it is missing.
  static let versionTable =
    "CREATE TABLE IF NOT EXISTS cleanslate_store (version INTEGER NOT NULL)"

  /// The tables of a new store, at ``latest``: what the migrations make of an empty database,
  /// under the names they end with.
  private static let newStore: [Statement] = [
    """
    CREATE TABLE cleanslate_sessions (
      id {serial},
      uuid TEXT NOT NULL UNIQUE,
      started {real} NOT NULL,
      ended {real} NOT NULL,
      commit_id TEXT,
      dirty INTEGER NOT NULL,
      branch TEXT,
      machine TEXT NOT NULL,
      shard TEXT,
      command TEXT NOT NULL,
      exit_status INTEGER NOT NULL,
      test_count INTEGER NOT NULL,
      failed_count INTEGER NOT NULL
    )
    """,
    "CREATE INDEX cleanslate_sessions_by_start ON cleanslate_sessions (started)",
    "CREATE TABLE cleanslate_tests (id {serial}, name TEXT NOT NULL UNIQUE)",
    """
    CREATE TABLE cleanslate_results (
      session BIGINT NOT NULL REFERENCES cleanslate_sessions (id) ON DELETE CASCADE,
      test BIGINT NOT NULL REFERENCES cleanslate_tests (id),
      verdict TEXT NOT NULL,
      runs INTEGER NOT NULL,
      failures INTEGER NOT NULL,
      seconds {real} NOT NULL,
      quarantined INTEGER NOT NULL,
      checked_as_new INTEGER NOT NULL,
      cause_kind TEXT,
      cause TEXT,
      PRIMARY KEY (session, test)
    ){withoutRowID}
    """,
    "CREATE INDEX cleanslate_results_by_test ON cleanslate_results (test)",
    """
    CREATE TABLE cleanslate_attempts (
      session BIGINT NOT NULL,
      test BIGINT NOT NULL,
      number INTEGER NOT NULL,
      repetition INTEGER NOT NULL,
      outcome TEXT NOT NULL,
      seconds {real},
      alone INTEGER NOT NULL,
      new_test_check INTEGER NOT NULL,
      beside TEXT,
      failure TEXT,
      signal TEXT,
      frame TEXT,
      hung_in TEXT,
      PRIMARY KEY (session, test, number),
      FOREIGN KEY (session, test) REFERENCES cleanslate_results (session, test) ON DELETE CASCADE
    ){withoutRowID}
    """,
    """
    CREATE TABLE cleanslate_evidence (
      session BIGINT NOT NULL,
      test BIGINT NOT NULL,
      lead TEXT NOT NULL,
      rounds TEXT NOT NULL,
      afresh INTEGER NOT NULL,
      PRIMARY KEY (test, session),
      FOREIGN KEY (session, test) REFERENCES cleanslate_results (session, test) ON DELETE CASCADE
    ){withoutRowID}
    """,
  ]

  private static let migrations: [[Statement]] = [
    [
      """
      CREATE TABLE sessions (
        id {serial},
        uuid TEXT NOT NULL UNIQUE,
        started {real} NOT NULL,
        ended {real} NOT NULL,
        commit_id TEXT,
        dirty INTEGER NOT NULL,
        branch TEXT,
        machine TEXT NOT NULL,
        shard TEXT,
        command TEXT NOT NULL,
        exit_status INTEGER NOT NULL,
        test_count INTEGER NOT NULL,
        failed_count INTEGER NOT NULL
      )
      """,
      "CREATE INDEX sessions_by_start ON sessions (started)",
      "CREATE TABLE tests (id {serial}, name TEXT NOT NULL UNIQUE)",
      """
      CREATE TABLE results (
        session BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        test BIGINT NOT NULL REFERENCES tests (id),
        verdict TEXT NOT NULL,
        runs INTEGER NOT NULL,
        failures INTEGER NOT NULL,
        seconds {real} NOT NULL,
        quarantined INTEGER NOT NULL,
        checked_as_new INTEGER NOT NULL,
        cause_kind TEXT,
        cause TEXT,
        PRIMARY KEY (session, test)
      ){withoutRowID}
      """,
      "CREATE INDEX results_by_test ON results (test)",
      """
      CREATE TABLE attempts (
        session BIGINT NOT NULL,
        test BIGINT NOT NULL,
        number INTEGER NOT NULL,
        repetition INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        seconds {real},
        alone INTEGER NOT NULL,
        new_test_check INTEGER NOT NULL,
        beside TEXT,
        failure TEXT,
        signal TEXT,
        frame TEXT,
        hung_in TEXT,
        PRIMARY KEY (session, test, number),
        FOREIGN KEY (session, test) REFERENCES results (session, test) ON DELETE CASCADE
      ){withoutRowID}
      """,
    ],
    // 2: the experiments' rounds, for explanations pooled over sessions.
    [
      """
      CREATE TABLE evidence (
        session BIGINT NOT NULL,
        test BIGINT NOT NULL,
        lead TEXT NOT NULL,
        rounds TEXT NOT NULL,
        afresh INTEGER NOT NULL,
        PRIMARY KEY (test, session),
        FOREIGN KEY (session, test) REFERENCES results (session, test) ON DELETE CASCADE
      ){withoutRowID}
      """
    ],
    // 3: every table under a name of its own, beside an application's tables; SQLite renames the
    // references to a renamed table, and PostgreSQL's keys, constraints and sequences get the
    // names a new store's have.
    [
      "ALTER TABLE sessions RENAME TO cleanslate_sessions",
      "ALTER TABLE tests RENAME TO cleanslate_tests",
      "ALTER TABLE results RENAME TO cleanslate_results",
      "ALTER TABLE attempts RENAME TO cleanslate_attempts",
      "ALTER TABLE evidence RENAME TO cleanslate_evidence",
      .only(.sqlite, "DROP INDEX sessions_by_start"),
      .only(.sqlite, "CREATE INDEX cleanslate_sessions_by_start ON cleanslate_sessions (started)"),
      .only(.sqlite, "DROP INDEX results_by_test"),
      .only(.sqlite, "CREATE INDEX cleanslate_results_by_test ON cleanslate_results (test)"),
      .only(.postgres, "ALTER INDEX sessions_by_start RENAME TO cleanslate_sessions_by_start"),
      .only(.postgres, "ALTER INDEX results_by_test RENAME TO cleanslate_results_by_test"),
      .only(.postgres, "ALTER INDEX sessions_pkey RENAME TO cleanslate_sessions_pkey"),
      .only(.postgres, "ALTER INDEX sessions_uuid_key RENAME TO cleanslate_sessions_uuid_key"),
      .only(.postgres, "ALTER INDEX tests_pkey RENAME TO cleanslate_tests_pkey"),
      .only(.postgres, "ALTER INDEX tests_name_key RENAME TO cleanslate_tests_name_key"),
      .only(.postgres, "ALTER INDEX results_pkey RENAME TO cleanslate_results_pkey"),
      .only(.postgres, "ALTER INDEX attempts_pkey RENAME TO cleanslate_attempts_pkey"),
      .only(.postgres, "ALTER INDEX evidence_pkey RENAME TO cleanslate_evidence_pkey"),
      .only(.postgres, "ALTER SEQUENCE sessions_id_seq RENAME TO cleanslate_sessions_id_seq"),
      .only(.postgres, "ALTER SEQUENCE tests_id_seq RENAME TO cleanslate_tests_id_seq"),
      .only(
        .postgres,
        "ALTER TABLE cleanslate_results RENAME CONSTRAINT results_session_fkey TO cleanslate_results_session_fkey"
      ),
      .only(
        .postgres,
        "ALTER TABLE cleanslate_results RENAME CONSTRAINT results_test_fkey TO cleanslate_results_test_fkey"
      ),
      .only(
        .postgres,
        "ALTER TABLE cleanslate_attempts RENAME CONSTRAINT attempts_session_test_fkey TO cleanslate_attempts_session_test_fkey"
      ),
      .only(
        .postgres,
        "ALTER TABLE cleanslate_evidence RENAME CONSTRAINT evidence_session_test_fkey TO cleanslate_evidence_session_test_fkey"
      ),
    ],
  ]

  /// A statement of the schema: the same in both dialects (a string literal), or one dialect's
  /// only.
  private enum Statement: ExpressibleByStringLiteral {
    case both(String)
    case only(Dialect, String)

    init(stringLiteral value: String) { self = .both(value) }

    /// The statement in `dialect`'s words, or `nil` when it is another dialect's only.
    func spelled(in dialect: Dialect) -> String? {
      switch self {
      case .both(let statement): dialect.spell(statement)
      case .only(let only, let statement): only == dialect ? dialect.spell(statement) : nil
      }
    }
  }
}

extension StoreSchema.Dialect {
  /// `statement` with its placeholders in this dialect's words: `{serial}` an integer key the
  /// database assigns, `{real}` a double, `{withoutRowID}` SQLite's clustered table.
  fileprivate func spell(_ statement: String) -> String {
    switch self {
    case .sqlite:
      statement.replacingOccurrences(of: "{serial}", with: "INTEGER PRIMARY KEY")
        .replacingOccurrences(of: "{real}", with: "REAL")
        .replacingOccurrences(of: "{withoutRowID}", with: " WITHOUT ROWID")
    case .postgres:
      statement.replacingOccurrences(
        of: "{serial}", with: "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
      )
      .replacingOccurrences(of: "{real}", with: "DOUBLE PRECISION")
      .replacingOccurrences(of: "{withoutRowID}", with: "")
    }
  }
}
