import CleanSlateExplain
import CleanSlateHistory
import Foundation
import Testing

/// A store pruned of its sessions older than 30 days, what each kind of store must remove and
/// keep: four sessions, 100, 95, 10 and 1 days before a fixed day; `A` runs in each, `Gone` in the
/// old two only (failing the first), and `B`'s pending explanation keeps rounds in the second and
/// third.
enum PruneScenario {
  /// The day the ages count back from.
  static let today = Date(timeIntervalSince1970: 1_790_000_000)

  static func session(
    _ id: String, daysAgo days: Double, verdicts: [String: String]
  )
    -> StoredSession
  {
    Sessions.make(id, minute: -days * 1440, verdicts: verdicts)
  }

  static let sessions: [StoredSession] = [
    session("old1", daysAgo: 100, verdicts: ["A": "passed", "Gone": "failed"]),
    pending(
      session("old2", daysAgo: 95, verdicts: ["A": "passed", "B": "flaky", "Gone": "passed"]),
      afresh: true),
    pending(session("new1", daysAgo: 10, verdicts: ["A": "passed", "B": "flaky"]), afresh: false),
    session("new2", daysAgo: 1, verdicts: ["A": "passed"]),
  ]

  /// `session` with `B`'s undecided explanation and its kept rounds.
  static func pending(_ session: StoredSession, afresh: Bool) -> StoredSession {
    var session = session
    let index = session.results.firstIndex { $0.test == "B" }!
    session.results[index].causeKind = "unknown"
    session.results[index].cause = #"{"kind":"unknown"}"#
    session.results[index].evidence = PooledEvidenceScenario.parallel("10x1,00x40", afresh: afresh)
    return session
  }

  /// What pruning the sessions older than 30 days removes.
  static let expected = PruneSummary(
    sessions: 2, results: 5, attempts: 4, evidence: 1, tests: 1, kept: 2)

  /// Records the sessions into `store`, then prunes it, checking what it counts and keeps.
  static func check(_ store: any RunStore) async throws {
    // Given the four sessions
    for session in sessions { try await store.record(session) }
    let cutoff = today.addingTimeInterval(-30 * 86_400)

    // When a dry run counts the sessions older than 30 days
    let counted = try await store.prune(startedBefore: cutoff, dryRun: true)

    // Then it counts them, with their results, attempts, rounds and the test only they ran, and
    // removes nothing
    #expect(counted == expected)
    #expect(try await store.history(HistoryWindow()).sessions.count == 4)

    // When they are pruned
    let pruned = try await store.prune(startedBefore: cutoff, dryRun: false)

    // Then the same are removed, and the kept sessions read as they did
    #expect(pruned == expected)
    let history = try await store.history(HistoryWindow())
    #expect(history.sessions.map(\.id) == ["new1", "new2"])
    #expect(Set(history.tests) == ["A", "B"])
    #expect(history.results.count == 3)
    #expect(try await store.results(of: "Gone", limit: 5).isEmpty)
    #expect(try await store.results(of: "A", limit: 5).map(\.session.id) == ["new2", "new1"])
    // And B's pending explanation goes on from the session kept only
    let evidence = try await store.evidence(of: "B")
    #expect(evidence.count == 1)
    #expect(PooledEvidenceWindow.prior(from: evidence).sessions == 1)
    #expect(try await store.pendingTests() == ["B"])
    #expect(
      try await store.knownTests(among: ["A", "Gone"])
        == KnownTests(seenPassing: ["A"], sessions: 2))

    // When the store is pruned again
    let again = try await store.prune(startedBefore: cutoff, dryRun: false)

    // Then nothing more goes
    #expect(
      again == PruneSummary(sessions: 0, results: 0, attempts: 0, evidence: 0, tests: 0, kept: 2))
  }
}
