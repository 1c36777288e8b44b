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

  /// Whether the session fails (`cleanslate test` exits with status 1): a test failed or timed
  /// out (in some repetition), a test process crashed — even when the tests it could have been
  /// passed when they ran again, since a plain `swift test` would have lost every result after
  /// it —, or, with `failOnFlaky`, a test was flaky.
  package func fails(failOnFlaky: Bool = false) -> Bool {
    records.contains { $0.verdict == .failed || $0.verdict == .timedOut } || !crashes.isEmpty
      || (failOnFlaky && records.contains { $0.verdict == .flaky })
  }
}
