package import CleanSlateTestProcess

/// What a session found: each test's record, every crash of a test process, and every failure
/// its frameworks reported that no test accounts for.
package struct SessionResult: Sendable, Equatable {
  /// Each test's record, in the order of the selection.
  package var records: [TestRecord]
  /// Every crash of a test process, in the order they happened, retries' and repetitions'
  /// included.
  package var crashes: [SessionCrash]
  /// Every failure a launch's frameworks reported that no counted test accounts for
  /// (``UnplacedFailure``), in the order they were seen: each fails the session.
  package var unplaced: [UnplacedFailure]
  /// How many repetitions of the selection ran: fewer than the session's when it stopped at the
  /// first that failed (``TestSession/stopsAtFirstFailingRepetition``).
  package var repetitionsRan = 1
  /// The signal that stopped the session before it ran everything, with the tests it stopped
  /// and those that never ran; `nil` when nothing stopped it.
  package var interruption: SessionInterruption?

  /// A session that found `records`, `crashes` and `unplaced`.
  package init(
    records: [TestRecord], crashes: [SessionCrash] = [], unplaced: [UnplacedFailure] = []
  ) {
    self.records = records
    self.crashes = crashes
    self.unplaced = unplaced
  }
}
