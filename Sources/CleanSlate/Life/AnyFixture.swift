/// A fixture of any value type, as a trait keeps it to set up before a test: enough to set it up
/// in a scope.
package struct AnyFixture: Sendable {
  /// The fixture's name.
  package let name: String
  /// The fixture's scope.
  package let scope: FixtureScope
  private let setUpIn:
    @Sendable (ScopeRuntime, CodeLocation, FixtureRequest.Skipped) async throws -> Void

  /// Wraps a fixture.
  package init<Value>(_ fixture: Fixture<Value>) {
    name = fixture.name
    scope = fixture.scope
    setUpIn = { runtime, location, skipping in
      _ = try await runtime.use(fixture, at: location, skipping: skipping)
    }
  }

  /// Sets the fixture up in `runtime` (or returns at once if it already is); a failure is
  /// recorded on the scope's test or suite, then thrown as ``FixtureUnavailable``.
  package func setUp(
    in runtime: ScopeRuntime, at location: CodeLocation, skipping: FixtureRequest.Skipped
  ) async throws {
    try await setUpIn(runtime, location, skipping)
  }
}
