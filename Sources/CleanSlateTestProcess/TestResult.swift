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
    /// It ran past its time limit and was ended with its test process.
    case timedOut

    /// Whether it failed: it recorded a failure, did not finish, or timed out.
    package var isFailure: Bool { self == .failed || self == .timedOut }
  }

  /// How it ended.
  package var outcome: Outcome
  /// How long it ran, in seconds, when the framework said.
  package var seconds: Double?
  /// Its first failure, in one line, when it failed.
  package var failure: String?
  /// Where a test that timed out was stuck, in lines: what CleanSlate knew of it, its threads'
  /// stacks.
  package var report: [String] = []

  /// A result of `outcome`.
  package init(
    _ outcome: Outcome, seconds: Double? = nil, failure: String? = nil, report: [String] = []
  ) {
    self.outcome = outcome
    self.seconds = seconds
    self.failure = failure
    self.report = report
  }
}
