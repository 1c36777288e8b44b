import CleanSlateHistory
import Foundation

/// A store of runs as an earlier CleanSlate made it: the migrations up to its version, as
/// published, and each session's rows in the tables they made (`sessions`, `tests`, …), as SQL
/// that runs in SQLite and PostgreSQL alike.
enum EarlierStore {
  /// The statements that make a store of `version` (1 or 2) in `dialect` holding `sessions`; a
  /// store of version 1 keeps no rounds.
  static func statements(
    _ dialect: StoreSchema.Dialect, version: Int = 2, holding sessions: [StoredSession]
  ) -> [String] {
    var statements = StoreSchema.migrations(for: dialect).prefix(version).flatMap { $0 }
    statements.append("CREATE TABLE cleanslate_store (version INTEGER NOT NULL)")
    statements.append("INSERT INTO cleanslate_store (version) VALUES (\(version))")
    var tests = Set<String>()
    for session in sessions {
      statements.append(
        """
        INSERT INTO sessions (uuid, started, ended, commit_id, dirty, branch, machine, shard,
          command, exit_status, test_count, failed_count)
        VALUES (\(text(session.id)), \(session.started.timeIntervalSince1970),
          \(session.ended.timeIntervalSince1970), \(text(session.source.commit)),
          \(session.source.dirty ? 1 : 0), \(text(session.source.branch)), \(text(session.machine)),
          \(text(session.shard)), \(text(session.command)), \(session.exitStatus),
          \(session.results.count), \(session.failedTests))
        """)
      let id = "(SELECT id FROM sessions WHERE uuid = \(text(session.id)))"
      for result in session.results {
        if tests.insert(result.test).inserted {
          statements.append("INSERT INTO tests (name) VALUES (\(text(result.test)))")
        }
        let test = "(SELECT id FROM tests WHERE name = \(text(result.test)))"
        statements.append(
          """
          INSERT INTO results (session, test, verdict, runs, failures, seconds, quarantined,
            checked_as_new, cause_kind, cause)
          VALUES (\(id), \(test), \(text(result.verdict)), \(result.runs), \(result.failures),
            \(result.seconds), \(result.quarantined ? 1 : 0), \(result.checkedAsNew ? 1 : 0),
            \(text(result.causeKind)), \(text(result.cause)))
          """)
        for (number, attempt) in result.attempts.enumerated() {
          statements.append(
            """
            INSERT INTO attempts (session, test, number, repetition, outcome, seconds, alone,
              new_test_check, beside, failure, signal, frame, hung_in)
            VALUES (\(id), \(test), \(number + 1), \(attempt.repetition), \(text(attempt.outcome)),
              \(attempt.seconds.map { "\($0)" } ?? "NULL"), \(attempt.alone ? 1 : 0),
              \(attempt.newTestCheck ? 1 : 0),
              \(text(attempt.beside.isEmpty ? nil : attempt.beside.joined(separator: "\n"))),
              \(text(attempt.failure)), \(text(attempt.signal)), \(text(attempt.frame)),
              \(text(attempt.hungIn)))
            """)
        }
        if let evidence = result.evidence, version >= 2 {
          statements.append(
            """
            INSERT INTO evidence (session, test, lead, rounds, afresh)
            VALUES (\(id), \(test), \(text(evidence.lead)), \(text(evidence.rounds)),
              \(evidence.afresh ? 1 : 0))
            """)
        }
      }
    }
    return statements
  }

  /// `value` as an SQL literal: quoted, or `NULL`.
  private static func text(_ value: String?) -> String {
    value.map { "'\($0.replacingOccurrences(of: "'", with: "''"))'" } ?? "NULL"
  }
}
