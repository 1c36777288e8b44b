import CleanSlateExplain
import CleanSlateHistory
import Foundation
import Testing

/// Sessions a store of the previous version holds, and what the store must read back of them once
/// the current CleanSlate has opened it: the same as a new store that recorded them.
enum MigrationScenario {
  /// Two sessions: `A` passed, `B` flaky with its explanation's kept rounds, `C` failed with its
  /// attempts, crash and all.
  static let sessions: [StoredSession] = (1...2).map { number in
    var session = Sessions.make(
      "s\(number)", minute: Double(number), commit: "c\(number)",
      verdicts: ["A": "passed", "B": "flaky", "C": "failed"])
    session.results[1].causeKind = "unknown"
    session.results[1].cause = #"{"kind":"unknown","summary":"It's undecided."}"#
    session.results[1].evidence = PooledEvidenceScenario.parallel(
      "10x\(number),00x50", afresh: number == 1)
    return session
  }

  /// Checks that `store`, opened after it was brought from version 2, reads back ``sessions``,
  /// and records a session after them.
  static func check(_ store: any RunStore) async throws {
    // Then every session reads back, with each test's verdict and cause
    let history = try await store.history(HistoryWindow())
    let expected = StoredHistory(of: sessions)
    #expect(history.sessions == expected.sessions)
    #expect(Set(history.tests) == Set(expected.tests))
    #expect(named(history) == named(expected))
    #expect(causes(history) == causes(expected))
    // And each result in detail, attempts and all, newest first
    let detail = try await store.results(of: "C", limit: 5)
    #expect(detail.map(\.result) == sessions.reversed().map { $0.results[2] })
    // And the kept rounds the next explanation goes on from
    let evidence = try await store.evidence(of: "B")
    #expect(evidence.map(\.evidence) == sessions.reversed().compactMap { $0.results[1].evidence })
    #expect(PooledEvidenceWindow.prior(from: evidence).sessions == 2)
    #expect(try await store.pendingTests() == ["B"])
    #expect(try await store.knownTests(among: ["A", "B", "C"]).seenPassing == ["A", "B"])

    // When a session is recorded after them
    try await store.record(
      Sessions.make("s3", minute: 3, verdicts: ["A": "passed", "D": "passed"]))

    // Then the store holds three sessions and the new test
    let after = try await store.history(HistoryWindow())
    #expect(after.sessions.map(\.id) == ["s1", "s2", "s3"])
    #expect(Set(after.tests) == ["A", "B", "C", "D"])
  }

  /// Each test's latest cause, by the test's name.
  private static func causes(_ history: StoredHistory) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: history.latestCauses.map { (history.tests[Int($0.key)], $0.value.json) }
    )
  }

  /// Each result as its session's id, its test's name and what it says.
  private static func named(_ history: StoredHistory) -> Set<String> {
    Set(
      history.results.map { result in
        "\(history.sessions[Int(result.session)].id) \(history.tests[Int(result.test)]) "
          + "\(result.verdict.word) \(result.runs) \(result.failures) \(result.quarantined)"
      })
  }
}
