import Foundation

/// Reads the sessions of a window from a SQLite store, with each test's result in them, in one
/// read transaction: the compact form ranking a million results needs.
struct SQLiteHistoryReader {
  private let database: SQLiteDatabase

  init(_ database: SQLiteDatabase) {
    self.database = database
  }

  func read(_ window: HistoryWindow) throws -> StoredHistory {
    try database.reading {
      var history = StoredHistory()
      let bounds: [SQLiteStatement.Value] = [
        .real(window.since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude),
        window.branch.map { .text($0) } ?? .null,
      ]
      let inWindow = "s.started >= ?1 AND (?2 IS NULL OR s.branch = ?2)"

      // Sessions, oldest first; an index by the store's id.
      var sessionIndex: [Int64: Int32] = [:]
      let sessions = try database.prepare(
        """
        SELECT s.id, s.uuid, s.started, s.commit_id, s.dirty, s.branch, s.machine, s.shard,
          s.test_count, s.failed_count
        FROM cleanslate_sessions s WHERE \(inWindow) ORDER BY s.started, s.id
        """)
      try sessions.bind(bounds)
      while try sessions.step() {
        sessionIndex[sessions.integer(0)] = Int32(history.sessions.count)
        history.sessions.append(
          .init(
            id: sessions.text(1) ?? "",
            started: Date(timeIntervalSince1970: sessions.real(2)),
            source: SourceVersion(
              commit: sessions.text(3), dirty: sessions.integer(4) != 0, branch: sessions.text(5)),
            machine: sessions.text(6) ?? "", shard: sessions.text(7),
            testCount: Int(sessions.integer(8)), failedCount: Int(sessions.integer(9))))
      }
      guard !history.sessions.isEmpty else { return history }

      // Tests, by the store's id: ids are dense, so an array indexes them.
      var testIndex: [Int32] = []
      let tests = try database.prepare("SELECT id, name FROM cleanslate_tests ORDER BY id")
      try tests.bind([])
      while try tests.step() {
        let id = Int(tests.integer(0))
        if id >= testIndex.count {
          testIndex += Array(repeating: -1, count: id - testIndex.count + 1)
        }
        testIndex[id] = Int32(history.tests.count)
        history.tests.append(tests.text(1) ?? "")
      }

      let results = try database.prepare(
        """
        SELECT r.session, r.test, r.verdict, r.runs, r.failures, r.quarantined
        FROM cleanslate_sessions s JOIN cleanslate_results r ON r.session = s.id WHERE \(inWindow)
        """)
      try results.bind(bounds)
      while try results.step() {
        guard let session = sessionIndex[results.integer(0)] else { continue }
        let id = Int(results.integer(1))
        guard id < testIndex.count, testIndex[id] >= 0 else { continue }
        history.results.append(
          .init(
            session: session, test: testIndex[id], verdict: Self.verdict(results.text(2)),
            runs: Int32(results.integer(3)), failures: Int32(results.integer(4)),
            quarantined: results.integer(5) != 0))
      }

      let causes = try database.prepare(
        """
        SELECT r.session, r.test, r.cause_kind, r.cause
        FROM cleanslate_sessions s JOIN cleanslate_results r ON r.session = s.id
        WHERE \(inWindow) AND r.cause_kind IS NOT NULL ORDER BY s.started, s.id
        """)
      try causes.bind(bounds)
      while try causes.step() {
        guard let session = sessionIndex[causes.integer(0)] else { continue }
        let id = Int(causes.integer(1))
        guard id < testIndex.count, testIndex[id] >= 0 else { continue }
        history.latestCauses[testIndex[id]] = .init(
          kind: causes.text(2) ?? "", json: causes.text(3) ?? "{}", session: session)
      }
      return history
    }
  }

  /// The verdict a stored word stands for; an unknown word (a newer CleanSlate's) reads as
  /// skipped, which no ranking counts.
  private static func verdict(_ word: String?) -> StoredVerdict {
    word.flatMap(StoredVerdict.init(word:)) ?? .skipped
  }

  /// The latest `limit` results of `test`, newest first, with their sessions and attempts.
  func results(of test: String, limit: Int) throws -> [RecordedResult] {
    try database.reading {
      let rows = try database.prepare(
        """
        SELECT s.id, s.uuid, s.started, s.commit_id, s.dirty, s.branch, s.machine, s.shard,
          s.test_count, s.failed_count, r.test, r.verdict, r.runs, r.failures, r.seconds,
          r.quarantined, r.checked_as_new, r.cause_kind, r.cause
        FROM cleanslate_tests t JOIN cleanslate_results r ON r.test = t.id
          JOIN cleanslate_sessions s ON s.id = r.session
        WHERE t.name = ?1 ORDER BY s.started DESC, s.id DESC LIMIT ?2
        """)
      let attempts = try database.prepare(
        """
        SELECT repetition, outcome, seconds, alone, new_test_check, beside, failure, signal, frame,
          hung_in
        FROM cleanslate_attempts WHERE session = ?1 AND test = ?2 ORDER BY number
        """)
      try rows.bind([.text(test), .integer(Int64(limit))])
      var found: [RecordedResult] = []
      while try rows.step() {
        let session = StoredHistory.Session(
          id: rows.text(1) ?? "", started: Date(timeIntervalSince1970: rows.real(2)),
          source: SourceVersion(
            commit: rows.text(3), dirty: rows.integer(4) != 0, branch: rows.text(5)),
          machine: rows.text(6) ?? "", shard: rows.text(7), testCount: Int(rows.integer(8)),
          failedCount: Int(rows.integer(9)))
        var result = StoredResult(
          test: test, verdict: rows.text(11) ?? "", runs: Int(rows.integer(12)),
          failures: Int(rows.integer(13)), seconds: rows.real(14),
          quarantined: rows.integer(15) != 0, checkedAsNew: rows.integer(16) != 0,
          causeKind: rows.text(17), cause: rows.text(18))
        try attempts.bind([.integer(rows.integer(0)), .integer(rows.integer(10))])
        while try attempts.step() {
          result.attempts.append(
            StoredAttempt(
              repetition: Int(attempts.integer(0)), outcome: attempts.text(1) ?? "",
              seconds: attempts.isNull(2) ? nil : attempts.real(2),
              alone: attempts.integer(3) != 0, newTestCheck: attempts.integer(4) != 0,
              beside: attempts.text(5).map { $0.components(separatedBy: "\n") } ?? [],
              failure: attempts.text(6), signal: attempts.text(7), frame: attempts.text(8),
              hungIn: attempts.text(9)))
        }
        found.append(RecordedResult(session: session, result: result))
      }
      return found
    }
  }
}
