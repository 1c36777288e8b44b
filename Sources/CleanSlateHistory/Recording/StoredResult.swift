/// One test's result in a stored session: its verdict, its runs, and each attempt worth keeping.
package struct StoredResult: Sendable, Equatable {
  /// The test's name, as `swift test list` prints it.
  package var test: String
  /// Its verdict over the session: `passed`, `failed`, `flaky`, `skipped` or `timedOut`.
  package var verdict: String
  /// How many times it ran, and how many of those runs failed (crashes and time limits
  /// included).
  package var runs: Int
  package var failures: Int
  /// The mean duration of its runs, in seconds.
  package var seconds: Double
  /// Whether a quarantine entry covered it.
  package var quarantined: Bool
  /// Whether it was new to the store and run again to check it.
  package var checkedAsNew: Bool
  /// Its explained cause: the kind (`order`, `parallel`, …) and the cause as JSON.
  package var causeKind: String?
  package var cause: String?
  /// Its runs, when it ran more than once or failed; empty for a test that passed in its only
  /// run.
  package var attempts: [StoredAttempt]
  /// What its explanation's experiments saw, when it went on from earlier sessions.
  package var evidence: StoredEvidence?

  package init(
    test: String, verdict: String, runs: Int, failures: Int, seconds: Double,
    quarantined: Bool = false, checkedAsNew: Bool = false, causeKind: String? = nil,
    cause: String? = nil, attempts: [StoredAttempt] = [], evidence: StoredEvidence? = nil
  ) {
    self.evidence = evidence
    self.test = test
    self.verdict = verdict
    self.runs = runs
    self.failures = failures
    self.seconds = seconds
    self.quarantined = quarantined
    self.checkedAsNew = checkedAsNew
    self.causeKind = causeKind
    self.cause = cause
    self.attempts = attempts
  }
}

/// One run of a test in a stored session.
package struct StoredAttempt: Sendable, Equatable {
  /// The repetition of the selection it belongs to, from 1.
  package var repetition: Int
  /// How it ended: `passed`, `failed`, `skipped`, `timedOut` or `crashed`.
  package var outcome: String
  /// How long it took, when known.
  package var seconds: Double?
  /// Whether it ran alone (a retry, a crash's half, a check), not with the selection.
  package var alone: Bool
  /// Whether it was one of a new test's check runs.
  package var newTestCheck: Bool
  /// The tests that ran beside it, kept for failed runs.
  package var beside: [String]
  /// Its first failure line.
  package var failure: String?
  /// For a crash: how its process ended (`signal 11 (SIGSEGV)`), and the frame that pinned it.
  package var signal: String?
  package var frame: String?
  /// For a hang: where it hung, innermost function first.
  package var hungIn: String?

  package init(
    repetition: Int, outcome: String, seconds: Double? = nil, alone: Bool = false,
    newTestCheck: Bool = false, beside: [String] = [], failure: String? = nil,
    signal: String? = nil, frame: String? = nil, hungIn: String? = nil
  ) {
    self.repetition = repetition
    self.outcome = outcome
    self.seconds = seconds
    self.alone = alone
    self.newTestCheck = newTestCheck
    self.beside = beside
    self.failure = failure
    self.signal = signal
    self.frame = frame
    self.hungIn = hungIn
  }
}
