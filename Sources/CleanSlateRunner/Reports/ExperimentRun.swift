/// One run an experiment of `--explain` made of a test, as the reports show it: what ran, and
/// whether the test passed.
package struct ExperimentRun: Sendable, Equatable {
  /// What ran, in words: `alone`, `alone, TZ=Asia/Tokyo`, `after 4 earlier tests`.
  package var what: String
  /// Whether the test passed.
  package var passed: Bool
  /// Its first failure, in one line, when it failed and the output said.
  package var failure: String?

  /// A run of `what` where the test passed or not.
  package init(_ what: String, passed: Bool, failure: String? = nil) {
    self.what = what
    self.passed = passed
    self.failure = failure
  }
}
