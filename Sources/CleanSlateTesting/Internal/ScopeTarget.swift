package import CleanSlate
internal import Testing

/// What a scope is opened for: a suite, or one case of a test function.
///
/// The trait builds one from Swift Testing's `Test`; CleanSlate's own tests build them by hand
/// to drive the trait without the test runner.
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

  /// The target for a suite, or for the running case of a test function.
  init(_ test: Test) {
    self.init(
      test.isSuite ? .suite : .test,
      name: test.id.nameComponents.joined(separator: "/"),
      id: test.id.description,
      sentinel: Self.sentinel(of: test),
      location: CodeLocation(test.sourceLocation))
  }
}
