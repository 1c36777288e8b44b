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
/// - Throws: ``FixtureUnavailable`` when the fixture or one of its dependencies fails to set up,
///   once that failure has been recorded on the test (so the test fails even if it catches the
///   error); ``CleanSlateError`` (``CleanSlateError/Code/noActiveScope``) when no CleanSlate
///   scope is current.
public func use<Value>(
  _ fixture: Fixture<Value>,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) async throws -> Value {
  let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return try await ScopeRuntime.use(fixture, in: nil, at: location)
}

extension ScopeRuntime {
  /// Returns a fixture's value in `scope` — the test an integration runs — or, when it is `nil`,
  /// in the current scope, as ``use(_:fileID:filePath:line:column:)`` does. With no scope, the
  /// failure (``CleanSlateError/Code/noActiveScope``) is recorded on the framework's running test
  /// when an integration can take it (``FailureSink/recordOutsideScopes(with:)``), and thrown.
  package static func use<Value>(
    _ fixture: Fixture<Value>, in scope: ScopeRuntime?, at location: CodeLocation
  ) async throws -> Value {
    guard let scope = scope ?? current else {
      var failure = CleanSlateError.noScope(for: "use(.\(fixture.name))", at: location)
      failure.fixture = fixture.name
      throw FailureSink.recordOutsideScopes(failure, throwing: true) ?? failure
    }
    return try await scope.use(fixture, at: location)
  }

  /// Returns a fixture's value as ``use(_:in:at:)`` does, from synchronous code (XCTest's
  /// `setUpWithError()`, a test method that is not `async`): the setup runs in a task while this
  /// thread waits, serving the main queue on the main thread. Never call it from a task.
  package static func useSynchronously<Value>(
    _ fixture: Fixture<Value>, in scope: ScopeRuntime?, at location: CodeLocation
  ) throws -> Value {
    try waitSynchronously(on: currentThreadWaiter()) {
      await Result.capturing { try await ScopeRuntime.use(fixture, in: scope, at: location) }
    }.get()
  }
}

extension CleanSlateError {
  /// The failure for `call` made where no CleanSlate scope is current, saying why as precisely
  /// as the integrations can tell (``ScopelessCalls``).
  ///
  /// - Parameter fallbackAdvice: What to advise, in the caller's terms, when nothing tells why.
  package static func noScope(
    for call: String, at location: CodeLocation, fallbackAdvice: String? = nil
  ) -> CleanSlateError {
    let (summary, advice) = ScopelessCalls.explain(call, fallbackAdvice: fallbackAdvice)
    return CleanSlateError(.noActiveScope, summary: summary, location: location, advice: advice)
  }
}

/// Why a call found no current CleanSlate scope, as precisely as can be told.
///
/// The engine cannot see which framework runs the calling code, so each integration registers
/// what it knows once it is in use: Swift Testing's, that the caller runs in a Swift Testing test
/// (`Test.current`) without the trait; XCTest's, which test case is running. When none
/// recognises the call: if a CleanSlate test is running, the call comes from a task that does
/// not inherit its scope; if none is, from a test without CleanSlate.
package enum ScopelessCalls {
  /// Explains a call, as `(summary, advice)`, when the integration recognises it.
  package typealias Explanation = @Sendable (_ call: String) -> (String, String)?

  private static let explanations = Locked<[Explanation]>([])

  /// Adds what an integration knows.
  package static func register(_ explanation: @escaping Explanation) {
    explanations.withLock { $0.append(explanation) }
  }

  static func explain(
    _ call: String, fallbackAdvice: String?
  ) -> (summary: String, advice: String) {
    for explanation in explanations.value {
      if let explained = explanation(call) { return explained }
    }
    if RunningTests.any { return detachedTask(call) }
    return (
      "\(call) was called outside any CleanSlate scope.",
      fallbackAdvice
        ?? "In Swift Testing, add the .cleanSlate trait to the suite or the test (import CleanSlateTesting); in XCTest, inherit from FixtureTestCase (import CleanSlateXCTest)."
    )
  }

  /// The explanation of a call from a task that does not inherit the running test's scope.
  package static func detachedTask(_ call: String) -> (String, String) {
    (
      "\(call) was called from a task that does not inherit the running test's CleanSlate scope.",
      "Tasks made with Task.detached, Dispatch queues and threads of their own do not see the test's scope. Pass the value in (get it with use in the test, before the work starts), or run the work in a child task: async let, a task group, or Task { } started by the test."
    )
  }
}
