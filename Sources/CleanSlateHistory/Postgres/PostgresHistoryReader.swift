#if Postgres
  import Foundation
  internal import PostgresNIO

  /// Reads the sessions of a window from a PostgreSQL store, with each test's result in them, in
  /// one repeatable-read transaction.
  struct PostgresHistoryReader {
    let store: PostgresRunStore

    func read(_ window: HistoryWindow) async throws -> StoredHistory {
      let since = window.since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude
      let branch = window.branch
      return try await store.transaction {
        try await store.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        var history = StoredHistory()
        var sessionIndex: [Int64: Int32] = [:]
        let sessions = try await store.run(
          """
          SELECT id, uuid, started, commit_id, dirty, branch, machine, shard, test_count,
            failed_count
          FROM cleanslate_sessions
          WHERE started >= \(since) AND (\(branch)::text IS NULL OR branch = \(branch))
          ORDER BY started, id
          """)
        for try await row in sessions {
          let (id, uuid, started, commit, dirty, branch, machine, shard, tests, failed) =
            try row.decode(
              (Int64, String, Double, String?, Int, String?, String, String?, Int, Int).self)
          sessionIndex[id] = Int32(history.sessions.count)
          history.sessions.append(
            .init(
              id: uuid, started: Date(timeIntervalSince1970: started),
              source: SourceVersion(commit: commit, dirty: dirty != 0, branch: branch),
              machine: machine, shard: shard, testCount: tests, failedCount: failed))
        }
        guard !history.sessions.isEmpty else { return history }

        var testIndex: [Int64: Int32] = [:]
        for try await (id, name) in try await store.run(
          "SELECT id, name FROM cleanslate_tests ORDER BY id"
        )
        .decode((Int64, String).self) {
          testIndex[id] = Int32(history.tests.count)
          history.tests.append(name)
        }

        // Each session's results as one text of a line a result (test, runs, failures,
        // quarantined, the verdict's number in StoredVerdict.allCases counted from 1): a row a
        // result costs a debug build's client 90 µs to decode, a million results a minute and a
        // half; a line costs a few hundred nanoseconds.
        let ids = Array(sessionIndex.keys)
        let words = StoredVerdict.allCases.map(\.word)
        let packed = try await store.run(
          """
          SELECT session, string_agg(concat_ws(' ', test, runs, failures, quarantined,
            coalesce(array_position(\(words)::text[], verdict), 0)), chr(10) ORDER BY test)
          FROM cleanslate_results WHERE session = ANY(\(ids)::bigint[])
          GROUP BY session ORDER BY session
          """)
        for try await (session, lines) in packed.decode((Int64, String).self) {
          guard let session = sessionIndex[session] else { continue }
          try PackedResults.read(lines, session: session, tests: testIndex, into: &history.results)
        }
        let explained = try await store.run(
          """
          SELECT session, test, cause_kind, cause FROM cleanslate_results
          WHERE session = ANY(\(ids)::bigint[]) AND cause_kind IS NOT NULL AND cause IS NOT NULL
          """)
        var causes: [Int32: StoredHistory.Cause] = [:]
        for try await (session, test, kind, cause) in explained.decode(
          (Int64, Int64, String, String).self)
        {
          guard let session = sessionIndex[session], let test = testIndex[test] else { continue }
          if (causes[test]?.session ?? -1) < session {
            causes[test] = .init(kind: kind, json: cause, session: session)
          }
        }
        history.latestCauses = causes
        return history
      }
    }

    /// The latest `limit` results of `test`, newest first, with their sessions and attempts.
    func results(of test: String, limit: Int) async throws -> [RecordedResult] {
      var found: [(session: Int64, test: Int64, RecordedResult)] = []
      let rows = try await store.run(
        """
        SELECT s.id, s.uuid, s.started, s.commit_id, s.dirty, s.branch, s.machine, s.shard,
          s.test_count, s.failed_count, r.test, r.verdict, r.runs, r.failures, r.seconds,
          r.quarantined, r.checked_as_new, r.cause_kind, r.cause
        FROM cleanslate_tests t JOIN cleanslate_results r ON r.test = t.id
          JOIN cleanslate_sessions s ON s.id = r.session
        WHERE t.name = \(test) ORDER BY s.started DESC, s.id DESC LIMIT \(limit)
        """)
      for try await row in rows {
        let (id, uuid, started, commit, dirty, branch, machine, shard, tests, failed) =
          try row.decode(
            (Int64, String, Double, String?, Int, String?, String, String?, Int, Int).self)
        let columns = Array(row)
        let testID = try columns[10].decode(Int64.self)
        let verdict = try columns[11].decode(String.self)
        let runs = try columns[12].decode(Int.self)
        let failures = try columns[13].decode(Int.self)
        let seconds = try columns[14].decode(Double.self)
        let quarantined = try columns[15].decode(Int.self)
        let checked = try columns[16].decode(Int.self)
        let kind = try columns[17].decode(String?.self)
        let cause = try columns[18].decode(String?.self)
        let session = StoredHistory.Session(
          id: uuid, started: Date(timeIntervalSince1970: started),
          source: SourceVersion(commit: commit, dirty: dirty != 0, branch: branch),
          machine: machine, shard: shard, testCount: tests, failedCount: failed)
        let result = StoredResult(
          test: test, verdict: verdict, runs: runs, failures: failures, seconds: seconds,
          quarantined: quarantined != 0, checkedAsNew: checked != 0, causeKind: kind, cause: cause)
        found.append((id, testID, RecordedResult(session: session, result: result)))
      }
      var results: [RecordedResult] = []
      for (session, test, var found) in found {
        let attempts = try await store.run(
          """
          SELECT repetition, outcome, seconds, alone, new_test_check, beside, failure, signal,
            frame, hung_in
          FROM cleanslate_attempts WHERE session = \(session) AND test = \(test) ORDER BY number
          """)
        for try await row in attempts {
          let (repetition, outcome, seconds, alone, check, beside, failure, signal, frame, hungIn) =
            try row.decode(
              (Int, String, Double?, Int, Int, String?, String?, String?, String?, String?).self)
          found.result.attempts.append(
            StoredAttempt(
              repetition: repetition, outcome: outcome, seconds: seconds, alone: alone != 0,
              newTestCheck: check != 0,
              beside: beside.map { $0.components(separatedBy: "\n") } ?? [],
              failure: failure, signal: signal, frame: frame, hungIn: hungIn))
        }
        results.append(found)
      }
      return results
    }
  }
#endif
