#if Postgres
  import Foundation
  internal import PostgresNIO

  /// Writes one session into a PostgreSQL store, in one transaction: each table's rows in one
  /// statement, their columns as arrays (`NULL`s as empty text or `NaN`, turned back by
  /// `NULLIF`).
  struct PostgresSessionWriter {
    let store: PostgresRunStore

    /// Writes `session`; a session already recorded (same id) is left as it is.
    func write(_ session: StoredSession) async throws {
      try await store.transaction {
        let failed = session.failedTests
        var id: Int64?
        let inserted = try await store.run(
          """
          INSERT INTO cleanslate_sessions (uuid, started, ended, commit_id, dirty, branch, machine,
            shard, command, exit_status, test_count, failed_count)
          VALUES (\(session.id), \(session.started.timeIntervalSince1970),
            \(session.ended.timeIntervalSince1970), \(session.source.commit),
            \(session.source.dirty ? 1 : 0), \(session.source.branch), \(session.machine),
            \(session.shard), \(session.command), \(Int(session.exitStatus)),
            \(session.results.count), \(failed))
          ON CONFLICT (uuid) DO NOTHING RETURNING id
          """)
        for try await value in inserted.decode(Int64.self) { id = value }
        // No row: the session is in the store already.
        guard let id else { return }

        let names = Array(Set(session.results.map(\.test))).sorted()
        try await store.run(
          """
          INSERT INTO cleanslate_tests (name)
          SELECT name FROM unnest(\(names)::text[]) AS name ORDER BY name
          ON CONFLICT (name) DO NOTHING
          """)
        var tests: [String: Int64] = [:]
        for try await (test, name) in try await store.run(
          "SELECT id, name FROM cleanslate_tests WHERE name = ANY(\(names)::text[])"
        ).decode((Int64, String).self) {
          tests[name] = test
        }

        var results = Columns()
        var attempts = AttemptColumns()
        var evidence = EvidenceColumns()
        for result in session.results {
          guard let test = tests[result.test], results.tests.insert(test).inserted else { continue }
          results.add(result, test: test)
          if let kept = result.evidence { evidence.add(kept, test: test) }
          for (number, attempt) in result.attempts.enumerated() {
            attempts.add(attempt, test: test, number: number + 1)
          }
        }
        try await store.run(
          """
          INSERT INTO cleanslate_results (session, test, verdict, runs, failures, seconds,
            quarantined, checked_as_new, cause_kind, cause)
          SELECT \(id), test, verdict, runs, failures, seconds, quarantined, checked_as_new,
            NULLIF(cause_kind, ''), NULLIF(cause, '')
          FROM unnest(\(results.test)::bigint[], \(results.verdict)::text[], \(results.runs)::int[],
            \(results.failures)::int[], \(results.seconds)::float8[], \(results.quarantined)::int[],
            \(results.checkedAsNew)::int[], \(results.causeKind)::text[], \(results.cause)::text[])
            AS r(test, verdict, runs, failures, seconds, quarantined, checked_as_new, cause_kind,
              cause)
          """)
        if !evidence.test.isEmpty {
          try await store.run(
            """
            INSERT INTO cleanslate_evidence (session, test, lead, rounds, afresh)
            SELECT \(id), test, lead, rounds, afresh
            FROM unnest(\(evidence.test)::bigint[], \(evidence.lead)::text[],
              \(evidence.rounds)::text[], \(evidence.afresh)::int[])
              AS e(test, lead, rounds, afresh)
            ON CONFLICT (test, session) DO NOTHING
            """)
        }
        guard !attempts.test.isEmpty else { return }
        try await store.run(
          """
          INSERT INTO cleanslate_attempts (session, test, number, repetition, outcome, seconds,
            alone, new_test_check, beside, failure, signal, frame, hung_in)
          SELECT \(id), test, number, repetition, outcome, NULLIF(seconds, 'NaN'), alone,
            new_test_check, NULLIF(beside, ''), NULLIF(failure, ''), NULLIF(signal, ''),
            NULLIF(frame, ''), NULLIF(hung_in, '')
          FROM unnest(\(attempts.test)::bigint[], \(attempts.number)::int[],
            \(attempts.repetition)::int[], \(attempts.outcome)::text[], \(attempts.seconds)::float8[],
            \(attempts.alone)::int[], \(attempts.newTestCheck)::int[], \(attempts.beside)::text[],
            \(attempts.failure)::text[], \(attempts.signal)::text[], \(attempts.frame)::text[],
            \(attempts.hungIn)::text[])
            AS a(test, number, repetition, outcome, seconds, alone, new_test_check, beside, failure,
              signal, frame, hung_in)
          """)
      }
    }

    /// The results' columns, one array each.
    private struct Columns {
      var tests = Set<Int64>()
      var test: [Int64] = []
      var verdict: [String] = []
      var runs: [Int32] = []
      var failures: [Int32] = []
      var seconds: [Double] = []
      var quarantined: [Int32] = []
      var checkedAsNew: [Int32] = []
      var causeKind: [String] = []
      var cause: [String] = []

      mutating func add(_ result: StoredResult, test id: Int64) {
        test.append(id)
        verdict.append(result.verdict)
        runs.append(Int32(result.runs))
        failures.append(Int32(result.failures))
        seconds.append(result.seconds)
        quarantined.append(result.quarantined ? 1 : 0)
        checkedAsNew.append(result.checkedAsNew ? 1 : 0)
        causeKind.append(result.causeKind ?? "")
        cause.append(result.cause ?? "")
      }
    }

    /// The stored evidence's columns, one array each.
    private struct EvidenceColumns {
      var test: [Int64] = []
      var lead: [String] = []
      var rounds: [String] = []
      var afresh: [Int32] = []

      mutating func add(_ evidence: StoredEvidence, test id: Int64) {
        test.append(id)
        lead.append(evidence.lead)
        rounds.append(evidence.rounds)
        afresh.append(evidence.afresh ? 1 : 0)
      }
    }

    /// The attempts' columns, one array each.
    private struct AttemptColumns {
      var test: [Int64] = []
      var number: [Int32] = []
      var repetition: [Int32] = []
      var outcome: [String] = []
      var seconds: [Double] = []
      var alone: [Int32] = []
      var newTestCheck: [Int32] = []
      var beside: [String] = []
      var failure: [String] = []
      var signal: [String] = []
      var frame: [String] = []
      var hungIn: [String] = []

      mutating func add(_ attempt: StoredAttempt, test id: Int64, number index: Int) {
        test.append(id)
        number.append(Int32(index))
        repetition.append(Int32(attempt.repetition))
        outcome.append(attempt.outcome)
        seconds.append(attempt.seconds ?? .nan)
        alone.append(attempt.alone ? 1 : 0)
        newTestCheck.append(attempt.newTestCheck ? 1 : 0)
        beside.append(attempt.beside.joined(separator: "\n"))
        failure.append(attempt.failure ?? "")
        signal.append(attempt.signal ?? "")
        frame.append(attempt.frame ?? "")
        hungIn.append(attempt.hungIn ?? "")
      }
    }
  }
#endif
