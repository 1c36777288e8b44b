import CleanSlateExplain
import CleanSlateHistory
import Testing

/// The sessions of one test's pooled explanations, recorded into a store and read back: what each
/// kind of store must give the next explanation to go on from.
enum PooledEvidenceScenario {
  static let test = "Shop.Tests/checkout()"

  /// A session in which the test was flaky, its explanation `kind`, its experiments' `evidence`.
  static func session(
    _ id: String, minute: Double, kind: String = "unknown", evidence: StoredEvidence
  ) -> StoredSession {
    var session = Sessions.make(id, minute: minute, verdicts: [test: "flaky"])
    session.results[0].causeKind = kind
    session.results[0].cause = "{\"kind\":\"\(kind)\"}"
    session.results[0].evidence = evidence
    return session
  }

  static func parallel(_ rounds: String, afresh: Bool = false) -> StoredEvidence {
    StoredEvidence(lead: "parallel", rounds: "parallel \(rounds)", afresh: afresh)
  }

  /// Records the sessions step by step into `store`, checking what it reads back after each.
  static func check(_ store: any RunStore) async throws {
    // Given a sequence's first session and a second one that went on from it
    try await store.record(
      session("s1", minute: 1, evidence: parallel("10x2,00x100", afresh: true)))
    try await store.record(
      session(
        "s2", minute: 2,
        evidence: StoredEvidence(
          lead: "parallel", rounds: "hashOrder 00x5; parallel 10x1,00x50", afresh: false)))

    // When the next explanation asks
    var prior = PooledEvidenceWindow.prior(from: try await store.evidence(of: test))

    // Then it goes on from both sessions' rounds, added, and the first session's lead
    #expect(prior.sessions == 2)
    #expect(prior.lead == .parallel)
    #expect(prior.experiments[.parallel]?.packed == "00x150,10x3")
    #expect(prior.experiments[.parallel]?.factor == .init(failures: 3, runs: 153))
    #expect(prior.experiments[.hashOrder]?.packed == "00x5")

    // Given a session whose explanation decided
    try await store.record(
      session("s3", minute: 3, kind: "parallel", evidence: parallel("10x4")))
    // Then the next explanation starts afresh: nothing before it is pooled
    prior = PooledEvidenceWindow.prior(from: try await store.evidence(of: test))
    #expect(prior == .none)

    // Given a new sequence of two sessions, then one asked to start afresh
    try await store.record(
      session("s4", minute: 4, evidence: parallel("00x10", afresh: true)))
    try await store.record(session("s5", minute: 5, evidence: parallel("10x1")))
    prior = PooledEvidenceWindow.prior(from: try await store.evidence(of: test))
    #expect(prior.sessions == 2)
    try await store.record(
      session("s6", minute: 6, evidence: parallel("01x1", afresh: true)))

    // Then only the session that started afresh is pooled
    prior = PooledEvidenceWindow.prior(from: try await store.evidence(of: test))
    #expect(prior.sessions == 1)
    #expect(prior.experiments[.parallel]?.packed == "01x1")
    // And another test has nothing
    #expect(try await store.evidence(of: "Shop.Tests/other()").isEmpty)
  }
}
