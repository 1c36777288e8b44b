import CleanSlateExplain
import CleanSlateHistory
import CleanSlateTesting
import Foundation
import Testing

/// The experiments' rounds a store keeps for explanations pooled over sessions: what a session
/// kept is what the next explanation goes on from, since its sequence began — never across a
/// decided explanation or a fresh start.
@Suite(.cleanSlate) struct StoredEvidenceTests {
  @Test func aSQLiteStoreGivesTheNextExplanationTheRoundsOfItsSequence() async throws {
    // Given a SQLite store
    let path = try await use(.temporaryDirectory).appendingPathComponent("runs.sqlite").path
    let store = try await StoreLocation(path).open()
    defer { Task { await store.close() } }

    // When sessions record their rounds, Then each reading pools what it should
    try await PooledEvidenceScenario.check(store)
  }

  @Test func aStoreOfVersionOneIsBroughtToTheLatestWithItsSessionsKept() async throws {
    // Given a store of version 1, as the CleanSlate before pooled explanations left it, with a
    // session in it
    let path = try await use(.temporaryDirectory).appendingPathComponent("runs.sqlite").path
    let statements = EarlierStore.statements(
      .sqlite, version: 1, holding: [Sessions.make("old", verdicts: ["A": "flaky"])])
    try await SQLiteScript.run(statements.joined(separator: ";\n"), in: path)

    // When this CleanSlate opens it and records a session with rounds
    let reopened = try await StoreLocation(path).open()
    try await reopened.record(
      PooledEvidenceScenario.session(
        "new", minute: 1,
        evidence: PooledEvidenceScenario.parallel("10x1", afresh: true)))

    // Then it is at the latest version, the old session is there, and the rounds are kept
    #expect(
      try await SQLiteScript.value("SELECT version FROM cleanslate_store", in: path)
        == "\(StoreSchema.latest)")
    #expect(try await reopened.history(HistoryWindow()).sessions.map(\.id) == ["old", "new"])
    #expect(try await reopened.evidence(of: PooledEvidenceScenario.test).count == 1)
    await reopened.close()
  }

  @Test func roundsANewerCleanSlateKeptThatThisOneCannotReadAreLeftOut() {
    // Given rows newest first: one whose rounds do not parse, one with an experiment this
    // CleanSlate does not know beside one it knows
    let rows = [
      RecordedEvidence(
        session: 3,
        evidence: StoredEvidence(lead: "parallel", rounds: "parallel 20x2", afresh: false)),
      RecordedEvidence(
        session: 2,
        evidence: StoredEvidence(
          lead: "parallel", rounds: "memory 10x2; parallel 10x1", afresh: false)),
      RecordedEvidence(
        session: 1,
        evidence: StoredEvidence(lead: "order", rounds: "parallel 10x2", afresh: true)),
    ]

    // When they are pooled
    let prior = PooledEvidenceWindow.prior(from: rows)

    // Then what it reads counts, with its sequence's lead
    #expect(prior.sessions == 2)
    #expect(prior.lead == .order)
    #expect(prior.experiments[.parallel]?.packed == "10x3")
    #expect(prior.experiments.count == 1)
  }
}
