/// Why a test failed, as the report's "Why flaky" section shows it: the cause `cleanslate test
/// --explain` decided, in the words of its summary.
package struct TestExplanation: Sendable, Equatable {
  /// The test, as `swift test list` prints it.
  package var test: String
  /// The name of the cause's kind: `order`, `timeZone` (the class its heading is drawn with).
  package var kind: String
  /// The heading: `order, decided by 6 runs in 9.1 s`.
  package var heading: String
  /// The cause and its evidence.
  package var summary: String
  /// What the tests that ran at once share, when the cause names it.
  package var shared: String?
  /// One command that reproduces it; empty when there is none.
  package var reproduce: String

  /// The explanation of `test` by these parts.
  package init(
    test: String, kind: String, heading: String, summary: String, shared: String? = nil,
    reproduce: String
  ) {
    self.test = test
    self.kind = kind
    self.heading = heading
    self.summary = summary
    self.shared = shared
    self.reproduce = reproduce
  }
}
