/// One experiment's rounds on one test in one session, as the store keeps them for the sessions
/// after it to go on from (``PooledEvidenceWindow``).
package struct StoredEvidence: Sendable, Equatable {
  /// The experiment: `parallel`, `order`, `hashOrder`, … (``Experiment``'s raw value).
  package var experiment: String
  /// The experiment that holds three quarters of the error budget of the session's sequence.
  package var lead: String
  /// The rounds, packed (``ExperimentEvidence/packed``): `1/1,1/0:3;1/0,1/0:240`.
  package var rounds: String
  /// Whether the session's explanation started a sequence afresh: nothing before it is pooled
  /// with it.
  package var afresh: Bool

  package init(experiment: String, lead: String, rounds: String, afresh: Bool) {
    self.experiment = experiment
    self.lead = lead
    self.rounds = rounds
    self.afresh = afresh
  }
}

/// A stored experiment's rounds with the session that ran them, as a store reads them back for
/// one test: newest session first.
package struct RecordedEvidence: Sendable, Equatable {
  /// The store's number of the session: later sessions have larger ones.
  package var session: Int64
  package var evidence: StoredEvidence

  package init(session: Int64, evidence: StoredEvidence) {
    self.session = session
    self.evidence = evidence
  }
}
