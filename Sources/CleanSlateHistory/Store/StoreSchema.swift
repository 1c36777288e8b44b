import Foundation

/// The tables of the store of runs, as versioned migrations in one place, for SQLite and
/// PostgreSQL alike.
///
/// A store records its version in `cleanslate_store`. Opening one applies the migrations it has
/// not seen, in order, in one transaction; a store whose version is newer than ``latest`` was made
/// by a newer CleanSlate and is left untouched (``StoreError/Kind/newerSchema``). Migrations are
/// only ever added at the end: a published one never changes.
///
/// The tables, as a person reads them with `sqlite3` or `psql`:
/// - `sessions`: one row a session of `cleanslate test` — when, the commit and whether the tree
///   had uncommitted changes, the branch, the machine, the shard, the command, its exit status,
///   how many tests ran and how many failed at least one run.
/// - `tests`: one row a test, by its name as `swift test list` prints it: the same name in every
///   shard, on every machine, in both frameworks.
/// - `results`: one row a test in a session — its verdict (`passed`, `failed`, `flaky`,
///   `skipped`, `timedOut`), its runs and failures, its mean duration, whether it was quarantined
///   or checked as a new test, and its explained cause (its kind, and the cause as JSON).
/// - `attempts`: each run of a test that ran more than once or failed — its repetition, how it
///   ended (`passed`, `failed`, `skipped`, `timedOut`, `crashed`), its duration, alone or beside
///   which tests, its first failure line, a crash's signal and pinned frame, where a hang hung,
///   and whether it was a new test's check. A test that passed in its only run is its result row.
/// - `evidence` (version 2): one row a test in a session whose explanation went on from earlier
///   sessions — each experiment's rounds (`rounds`: `parallel 00x231,10x3`, each shape of round
///   and how many ran: `10` a pair that failed with the factor only, `0/2-1/1` a round of two runs
///   with it and one without), the experiment that holds most of the sequence's error budget
///   (`lead`), and whether the session started its sequence afresh.
enum StoreSchema {
  /// The SQL a database speaks.
  enum Dialect {
    case sqlite
    case postgres
  }

  /// The version of the newest migration.
  static var latest: Int { migrations.count }

  /// The statements of each migration, in order: migration `n` brings a store to version `n`.
  static func migrations(for dialect: Dialect) -> [[String]] {
    migrations.map { $0.map { dialect.spell($0) } }
  }

  /// The statement that makes the version table, when it is missing.
  static let versionTable =
    "CREATE TABLE IF NOT EXISTS cleanslate_store (version INTEGER NOT NULL)"

  private static let migrations: [[String]] = [
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
  ]
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
