/// What a session found: each test's record, and every crash of a test process.
package struct SessionResult: Sendable, Equatable {
  /// Each test's record, in the order of the selection.
  package var records: [TestRecord]
  /// Every crash of a test process, in the order they happened, retries' and repetitions'
  /// included.
  package var crashes: [SessionCrash]

  /// A session that found `records` and `crashes`.
  package init(records: [TestRecord], crashes: [SessionCrash] = []) {
    self.records = records
    self.crashes = crashes
  }
}
