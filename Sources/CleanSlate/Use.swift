/// Returns a fixture's value in the running test's scope, setting it up on first use.
///
/// The same call works in XCTest (inside a `FixtureTestCase`) and in Swift Testing (inside a
/// test or suite with the `.cleanSlate` trait):
///
/// ```swift
/// let store = try await use(.store)
/// ```
///
/// The value is cached in the fixture's scope: a test fixture once per test, a suite fixture
/// once per suite (concurrent tests wait for one setup), a process fixture once per run.
///
/// - Throws: ``CleanSlateError`` when the fixture or one of its dependencies fails to set up
///   (the test should not go on), or when no CleanSlate scope is active.
public func use<Value>(
  _ fixture: Fixture<Value>,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) async throws -> Value {
  let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  guard let scope = ScopeRuntime.current else {
    throw CleanSlateError(
      .noActiveScope,
      summary: "use(.\(fixture.name)) was called outside any CleanSlate scope.",
      fixture: fixture.name,
      dependencyPath: [fixture.name],
      location: location,
      advice:
        "In Swift Testing, add the .cleanSlate trait to the suite or test (import CleanSlateTesting); in XCTest, inherit from FixtureTestCase (import CleanSlateXCTest)."
    )
  }
  return try await scope.use(fixture, at: location)
}
