/// How one test ended in one run of `swift test`, and how long it took.
package struct TestResult: Sendable, Equatable {
  /// How a test ended.
  package enum Outcome: String, Sendable, Equatable {
    /// It ran and recorded no failure.
    case passed
    /// It recorded a failure, or did not finish.
    case failed
    /// It was skipped (`XCTSkip`, a disabled Swift Testing test).
    case skipped
  }

  /// How it ended.
  package var outcome: Outcome
  /// How long it ran, in seconds, when the framework said.
  package var seconds: Double?
  /// Its first failure, in one line, when it failed.
  package var failure: String?

  /// A result of `outcome`.
  package init(_ outcome: Outcome, seconds: Double? = nil, failure: String? = nil) {
    self.outcome = outcome
    self.seconds = seconds
    self.failure = failure
  }
}
