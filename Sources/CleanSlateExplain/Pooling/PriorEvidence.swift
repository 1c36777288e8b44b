/// What the experiments on a test saw in earlier sessions, pooled, for an explanation that goes on
/// from them (`cleanslate test --history … --explain`): each experiment's rounds since the test's
/// evidence last started afresh, and the experiment that holds most of the error budget over
/// those sessions.
///
/// A rare flaky test fails too seldom for one session's budget to decide why; each session that
/// sees it fail adds its rounds, and the comparison decides when the rounds *together* do. Pooled,
/// a comparison's evidence is its likelihood ratio over every round of every session — a
/// martingale when the factor makes no difference (each round's order is drawn at random, within
/// one session, on one machine) — and it names the factor only when that ratio reaches Ville's
/// bound, `1 / alpha`. Looking again after every session, however many, then names a factor that
/// makes no difference with a chance of at most `alpha` over the whole sequence; the shares of
/// the experiments (``shares(lead:)``) add up to 1%.
///
/// The store decides where a sequence starts afresh: after a session whose explanation decided,
/// after a session in which the test failed every attempt (it broke), or when asked to.
package struct PriorEvidence: Sendable, Equatable {
  /// Each experiment's evidence, pooled over the sessions before this one.
  package var experiments: [Experiment: ExperimentEvidence]
  /// The experiment that holds three quarters of the error budget over the sequence: the one the
  /// sequence's first session pointed at. `nil` before any session: this one's plan chooses.
  package var lead: Experiment?
  /// How many sessions the evidence comes from.
  package var sessions: Int

  /// Evidence of `sessions` sessions; `lead` holds most of the error budget.
  package init(
    experiments: [Experiment: ExperimentEvidence] = [:], lead: Experiment? = nil,
    sessions: Int = 0
  ) {
    self.experiments = experiments.filter { !$0.value.isEmpty }
    self.lead = lead
    self.sessions = sessions
  }

  /// A sequence's first session: nothing pooled yet, the error budget not yet shared.
  package static let none = PriorEvidence()

  /// The chance, over a whole sequence, that a test whose failures no factor changes is blamed on
  /// one: 1%, as in a single explanation.
  package static let errorBudget = 0.01

  /// The experiments that share the error budget of a pooled sequence.
  package static let pooledExperiments: [Experiment] = [
    .parallel, .order, .hashOrder, .load, .seed, .timeZone,
  ]

  /// Each experiment's share of the whole error budget (``Explainer/falseBlameLimit``) over a
  /// pooled sequence: three quarters to `lead`, the rest in equal parts to the other five, fixed
  /// for the sequence so that they add up to the budget whichever experiments its sessions run.
  package static func shares(lead: Experiment) -> [Experiment: Double] {
    let others = Double(pooledExperiments.count - 1)
    var shares: [Experiment: Double] = [:]
    for experiment in pooledExperiments {
      shares[experiment] = errorBudget * (experiment == lead ? 0.75 : 0.25 / others)
    }
    return shares
  }
}
