package import Foundation

/// One test's history over a window of sessions: how often it ran and failed, in how many
/// sessions it was flaky, how many commits saw it both pass and fail, how often its outcome
/// flipped, and the health all that adds up to.
package struct TestHistory: Sendable, Equatable {
  /// The test, as `swift test list` prints it.
  package var name: String
  /// What its history says of it.
  package var health: TestHealth
  /// The sessions it ran in (not skipped).
  package var sessions: Int
  /// Its runs and failures over them, every attempt counted.
  package var rate: FailureRate
  /// The sessions it failed in (every attempt of a repetition failed, or timed out).
  package var failedSessions: Int
  /// The sessions it failed in, then passed: flaky there.
  package var flakySessions: Int
  /// The commits (clean trees only) that saw it both pass and fail.
  package var mixedCommits: Int
  /// How often its outcome changed from one session to the next, among its sessions.
  package var flipRate: Double
  /// When it first and last ran in the window.
  package var firstSeen: Date
  package var lastSeen: Date
  /// When the window first saw it flaky.
  package var flakySince: Date?
  /// For a broken test, the first session of the failures that have not stopped: its commit
  /// and when it ran.
  package var brokenSince: (commit: String?, date: Date)?
  /// Whether a quarantine entry covered it in its latest session.
  package var quarantined: Bool
  /// Its latest explained cause, when one was recorded.
  package var cause: StoredHistory.Cause?

  /// How many sessions a test needs before its health is more than new.
  package static var newSessions: Int { 3 }

  package static func == (lhs: TestHistory, rhs: TestHistory) -> Bool {
    lhs.name == rhs.name && lhs.health == rhs.health && lhs.sessions == rhs.sessions
      && lhs.rate == rhs.rate && lhs.failedSessions == rhs.failedSessions
      && lhs.flakySessions == rhs.flakySessions && lhs.mixedCommits == rhs.mixedCommits
      && lhs.flipRate == rhs.flipRate && lhs.brokenSince?.commit == rhs.brokenSince?.commit
      && lhs.brokenSince?.date == rhs.brokenSince?.date && lhs.quarantined == rhs.quarantined
      && lhs.cause == rhs.cause
  }

  /// How strongly its history says it is flaky, for ranking: the lower end of its failure rate's
  /// interval (a rate seen over many runs ranks above the same rate seen over few), then its
  /// flaky sessions and commits.
  package var score: Double {
    rate.interval.lowerBound + Double(flakySessions + mixedCommits) * 1e-9
  }
}
