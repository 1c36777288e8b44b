import Foundation

/// Writes one session into a SQLite store, in one write transaction: the session's row, a row for
/// each test it has not seen before, each test's result, and its attempts worth keeping.
struct SQLiteSessionWriter {
  private let database: SQLiteDatabase

  init(_ database: SQLiteDatabase) {
    self.database = database
  }

  /// Writes `session`; a session already recorded (same id) is left as it is.
  func write(_ session: StoredSession) throws {
    try database.writing {
      let insertSession = try database.prepare(
        """
        INSERT OR IGNORE INTO cleanslate_sessions (uuid, started, ended, commit_id, dirty, branch,
          machine, shard, command, exit_status, test_count, failed_count)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
        RETURNING id
        """)
      try insertSession.bind([
        .text(session.id), .real(session.started.timeIntervalSince1970),
        .real(session.ended.timeIntervalSince1970), text(session.source.commit),
        .integer(session.source.dirty ? 1 : 0), text(session.source.branch),
        .text(session.machine), text(session.shard), .text(session.command),
        .integer(Int64(session.exitStatus)), .integer(Int64(session.results.count)),
        .integer(Int64(session.failedTests)),
      ])
      // No row: the session is in the store already.
      guard try insertSession.step() else { return }
      let id = insertSession.integer(0)
      while try insertSession.step() {}
      let tests = try testIDs(session.results.map(\.test))
      let insertResult = try database.prepare(
        """
        INSERT INTO cleanslate_results (session, test, verdict, runs, failures, seconds,
          quarantined, checked_as_new, cause_kind, cause)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
        ON CONFLICT (session, test) DO NOTHING
        """)
      let insertAttempt = try database.prepare(
        """
        INSERT INTO cleanslate_attempts (session, test, number, repetition, outcome, seconds,
          alone, new_test_check, beside, failure, signal, frame, hung_in)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
        ON CONFLICT (session, test, number) DO NOTHING
        """)
      let insertEvidence = try database.prepare(
        """
        INSERT INTO cleanslate_evidence (session, test, lead, rounds, afresh)
        VALUES (?1, ?2, ?3, ?4, ?5)
        ON CONFLICT (test, session) DO NOTHING
        """)
      for result in session.results {
        guard let test = tests[result.test] else { continue }
        try insertResult.run([
          .integer(id), .integer(test), .text(result.verdict), .integer(Int64(result.runs)),
          .integer(Int64(result.failures)), .real(result.seconds),
          .integer(result.quarantined ? 1 : 0), .integer(result.checkedAsNew ? 1 : 0),
          text(result.causeKind), text(result.cause),
        ])
        for (number, attempt) in result.attempts.enumerated() {
          try insertAttempt.run([
            .integer(id), .integer(test), .integer(Int64(number + 1)),
            .integer(Int64(attempt.repetition)), .text(attempt.outcome),
            attempt.seconds.map { .real($0) } ?? .null, .integer(attempt.alone ? 1 : 0),
            .integer(attempt.newTestCheck ? 1 : 0),
            text(attempt.beside.isEmpty ? nil : attempt.beside.joined(separator: "\n")),
            text(attempt.failure), text(attempt.signal), text(attempt.frame), text(attempt.hungIn),
          ])
        }
        if let evidence = result.evidence {
          try insertEvidence.run([
            .integer(id), .integer(test), .text(evidence.lead), .text(evidence.rounds),
            .integer(evidence.afresh ? 1 : 0),
          ])
        }
      }
    }
  }

  /// The id of each test of `names`, each test the store has not seen added.
  private func testIDs(_ names: [String]) throws -> [String: Int64] {
    let insert = try database.prepare(
      "INSERT INTO cleanslate_tests (name) VALUES (?1) ON CONFLICT (name) DO NOTHING")
    let select = try database.prepare("SELECT id FROM cleanslate_tests WHERE name = ?1")
    var ids: [String: Int64] = [:]
    for name in names where ids[name] == nil {
      try insert.run([.text(name)])
      try select.bind([.text(name)])
      if try select.step() { ids[name] = select.integer(0) }
    }
    return ids
  }

  private func text(_ value: String?) -> SQLiteStatement.Value {
    value.map { .text($0) } ?? .null
  }
}
