/// What the experiments of a test's explanation saw in one session, as the store keeps it for the
/// sessions after it to go on from (``PooledEvidenceWindow``).
package struct StoredEvidence: Sendable, Equatable {
  /// The experiment that holds three quarters of the error budget of the session's sequence:
  /// `parallel`, `order`, … (``Experiment``'s raw value).
  package var lead: String
  /// Each experiment's rounds, in one line (``ExperimentEvidence/packing(_:)``):
  /// `hashOrder 00x19,10x1; parallel 00x231,01x1,10x3`.
  package var rounds: String
  /// Whether the session's explanation started a sequence afresh: nothing before it is pooled
  /// with it.
  package var afresh: Bool

  package init(lead: String, rounds: String, afresh: Bool) {
    self.lead = lead
    self.rounds = rounds
    self.afresh = afresh
  }
}

/// A stored session's evidence with the session, as a store reads it back for one test: newest
/// session first.
package struct RecordedEvidence: Sendable, Equatable {
  /// The store's number of the session: later sessions have larger ones.
  package var session: Int64
  package var evidence: StoredEvidence

  package init(session: Int64, evidence: StoredEvidence) {
    self.session = session
    self.evidence = evidence
  }
}
