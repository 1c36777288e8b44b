/// What a scope is opened for: a suite, or one test (one case of a parameterized test).
///
/// The integrations build one from their framework's test; CleanSlate's own tests build them by
/// hand to drive a life without the test runner.
package struct ScopeTarget: Sendable, Hashable {
  /// `.suite` for a suite, `.test` for a test case.
  package var kind: FixtureScope
  /// The scope's name in failures and in the trace, as `StoreTests/saves()`.
  package var name: String
  /// What tells this suite or test apart from every other one in the run.
  package var id: String
  /// The process-state watch to start when the scope opens, if any.
  package var sentinel: Sentinel?
  /// Where the suite or test is declared, for failures about the whole scope.
  package var location: CodeLocation?

  /// Creates a target.
  package init(
    _ kind: FixtureScope, name: String, id: String? = nil, sentinel: Sentinel? = nil,
    location: CodeLocation? = nil
  ) {
    self.kind = kind
    self.name = name
    self.id = id ?? name
    self.sentinel = sentinel
    self.location = location
  }
}
