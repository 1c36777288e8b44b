extension TestCause {
  /// What an explanation that goes on from earlier sessions pooled: what this session's
  /// experiments saw (kept with the session, for the next one), each experiment's evidence with
  /// the earlier sessions', the experiment that holds most of the sequence's error budget, and
  /// over how many sessions.
  package struct Pooling: Sendable, Equatable {
    /// Each experiment's rounds in this session.
    package var session: [CleanSlateExplain.Experiment: ExperimentEvidence]
    /// Each experiment's rounds in this session and the earlier ones of the sequence.
    package var pooled: [CleanSlateExplain.Experiment: ExperimentEvidence]
    /// The experiment that holds three quarters of the sequence's error budget.
    package var lead: CleanSlateExplain.Experiment
    /// How many sessions the evidence comes from, this one included.
    package var sessions: Int
    /// The experiment this session spent its budget on, when one was pointed at.
    package var focus: CleanSlateExplain.Experiment?

    package init(
      session: [CleanSlateExplain.Experiment: ExperimentEvidence],
      pooled: [CleanSlateExplain.Experiment: ExperimentEvidence],
      lead: CleanSlateExplain.Experiment, sessions: Int, focus: CleanSlateExplain.Experiment? = nil
    ) {
      self.session = session
      self.pooled = pooled
      self.lead = lead
      self.sessions = sessions
      self.focus = focus
    }

    /// Every run of every session's rounds.
    package var runs: Int { pooled.values.reduce(0) { $0 + $1.runs } }

    /// How far the experiment this session spent its budget on has come over the sessions, in
    /// words, when its factor is ahead: `parallel ahead: 3 of 241 runs at once failed, 0 of 241
    /// in order, pooled over 2 sessions`. `nil` when it is not ahead, or pooled over one session.
    package var progress: String? {
      guard let focus, let evidence = pooled[focus], evidence.factorAhead else { return nil }
      let (withIt, without) = PooledWords.arms(of: focus)
      let factor = evidence.factor
      let baseline = evidence.baseline
      return
        "\(focus) ahead: \(factor) \(withIt) failed, \(baseline.failures) of \(baseline.runs) \(without), pooled over \(PooledWords.sessions(sessions))"
    }
  }
}

/// How pooled evidence is put into words.
package enum PooledWords {
  /// `1 session`, `3 sessions`.
  package static func sessions(_ count: Int) -> String { Words.count(count, "session") }

  /// How the runs of `experiment`'s two arms are told apart in words: `at once`, `in order`.
  package static func arms(of experiment: Experiment) -> (String, String) {
    switch experiment {
    case .parallel: ("at once", "in order")
    case .order: ("after the earlier tests", "alone")
    case .hashOrder: ("with SWIFT_DETERMINISTIC_HASHING=1", "without")
    case .load: ("with every core busy", "quiet")
    case .seed: ("with the seed it failed with", "with the seed it passed with")
    case .timeZone: ("in the zone it failed in", "in the zone it passed in")
    case .alone: ("alone", "alone")
    }
  }
}
