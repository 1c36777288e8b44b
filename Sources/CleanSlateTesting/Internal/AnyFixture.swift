package import CleanSlate

/// A fixture of any value type, as a trait keeps it: enough to set it up in a scope.
package struct AnyFixture: Sendable {
  /// The fixture's name.
  package let name: String
  /// The fixture's scope.
  package let scope: FixtureScope
  private let setUpIn: @Sendable (ScopeRuntime, CodeLocation) async throws -> Void

  /// Wraps a fixture.
  package init<Value>(_ fixture: Fixture<Value>) {
    name = fixture.name
    scope = fixture.scope
    setUpIn = { runtime, location in _ = try await runtime.use(fixture, at: location) }
  }

  /// Sets the fixture up in `runtime` (or returns at once if it already is), throwing its
  /// setup failure.
  package func setUp(in runtime: ScopeRuntime, at location: CodeLocation) async throws {
    try await setUpIn(runtime, location)
  }
}
