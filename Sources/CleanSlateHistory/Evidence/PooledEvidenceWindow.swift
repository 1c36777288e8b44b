package import CleanSlateExplain

/// The evidence a new explanation of a test goes on from: what the store kept of the sessions
/// since its sequence began.
///
/// A sequence begins afresh after a session whose explanation decided (it named a factor, or the
/// test failed every time: a new question starts with the next failure — the store never returns
/// those rows), at a session that started afresh (asked to, with `--explain-afresh`, or the
/// sequence's first), and the rows of sessions before that are left out. The sessions' rounds add
/// up; the budget's lead is the earliest session's.
package enum PooledEvidenceWindow {
  /// The prior evidence of `rows`, newest session first, as ``RunStore/evidence(of:)`` reads
  /// them; rows that do not parse (a newer CleanSlate's experiments) are left out.
  package static func prior(from rows: [RecordedEvidence]) -> PriorEvidence {
    var experiments: [Experiment: ExperimentEvidence] = [:]
    var sessions = Set<Int64>()
    var lead: Experiment?
    var startedAt: Int64?
    for row in rows {
      if let startedAt, row.session < startedAt { break }
      guard let kept = ExperimentEvidence.unpacking(row.evidence.rounds) else { continue }
      sessions.insert(row.session)
      for (experiment, evidence) in kept {
        experiments[experiment] = experiments[experiment].map { $0.adding(evidence) } ?? evidence
      }
      // The earliest session's lead: rows come newest first.
      lead = Experiment(rawValue: row.evidence.lead) ?? lead
      if row.evidence.afresh { startedAt = row.session }
    }
    return PriorEvidence(experiments: experiments, lead: lead, sessions: sessions.count)
  }
}
