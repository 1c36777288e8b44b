internal import CleanSlate
internal import Testing

extension CleanSlateTrait {
  /// The identity of the target whose scope a CleanSlate trait opened and made current, so that
  /// a second CleanSlate trait of the same test (`.cleanSlate` on the suite, `.fixtures` on the
  /// test) adds its fixtures to that scope instead of opening another.
  @TaskLocal static var openedTargetID: String?

  /// Opens `target`'s scope (or joins the one another CleanSlate trait of the same test
  /// opened), sets up the declared fixtures, runs `function` with the scope current, then
  /// finishes the body and ends the scope. The engine records every failure on the way through
  /// the scope's sink; what `function` throws is Swift Testing's to record.
  ///
  /// The trait's `provideScope(for:testCase:performing:)` calls this; CleanSlate's tests call it
  /// directly with targets and functions of their own.
  package func provideScope(
    for target: ScopeTarget,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    ScopelessSwiftTestingCalls.registerOnce()
    if let runtime = ScopeRuntime.current, runtime.kind == target.kind,
      Self.openedTargetID == target.id
    {
      try await setUpFixtures(in: runtime)
      return try await function()
    }
    // A test's issues are observed while its scope lives, to mark it failed as Swift Testing
    // counts failures (a known issue is not one).
    let observed = target.kind == .test && Test.current != nil
    let runtime = ScopeRuntime(
      target.kind, name: target.name, parent: parent(for: target),
      sink: .swiftTesting(marksScopeFailed: observed))
    if let sentinel = target.sentinel { runtime.watchState(sentinel, at: target.location) }
    guard observed else { return try await run(function, in: runtime, for: target) }
    try await FailureTracking.run(markingFailed: runtime) {
      try await run(function, in: runtime, for: target)
    }
  }

  /// Runs the scope's life: its fixtures' setup and `function` with the scope current, the end
  /// of the body, the end of the scope.
  private func run(
    _ function: @Sendable () async throws -> Void, in runtime: ScopeRuntime,
    for target: ScopeTarget
  ) async throws {
    var thrown: (any Error)?
    do {
      try await runtime.withCurrent {
        try await Self.$openedTargetID.withValue(target.id) {
          try await setUpAndRun(function, in: runtime)
        }
      }
    } catch is FixtureUnavailable {
      // Recorded where it happened.
    } catch {
      runtime.trace(thrown: error)
      thrown = error
    }
    await runtime.finishBody()
    await runtime.end()
    if target.kind == .test { await runtime.recordFailureAttachments(at: sourceLocation) }
    // The body's own error stays the test's primary failure; Swift Testing records it (or, for
    // a cancelled test, records the cancellation) once the scope has ended.
    if let thrown { throw thrown }
  }

  /// Sets up the trait's fixtures and runs `function`: a suite's tests run even when a suite
  /// fixture failed (each that needs it fails, pointing to the first failure); a test's body
  /// does not.
  private func setUpAndRun(
    _ function: @Sendable () async throws -> Void, in runtime: ScopeRuntime
  ) async throws {
    guard runtime.kind == .test else {
      _ = try? await setUpFixtures(in: runtime)
      return try await function()
    }
    try await setUpFixtures(in: runtime)
    try await runtime.runBody(function)
  }

  /// The scope a new scope for `target` lives in: the enclosing suite's when there is one (for a
  /// nested suite, the outer suite's), the process scope otherwise.
  private func parent(for target: ScopeTarget) -> ScopeRuntime {
    if let enclosing = ScopeRuntime.current,
      enclosing.kind > target.kind || (enclosing.kind == .suite && target.kind == .suite)
    {
      return enclosing
    }
    ProcessScopeEnding.installOnce()
    return .process
  }

  /// Sets up the fixtures this trait declares that belong in `runtime`: on a suite, the suite-
  /// and process-scoped ones; on a test, all of them, in order.
  private func setUpFixtures(in runtime: ScopeRuntime) async throws {
    let location = CodeLocation(sourceLocation)
    let skipping: FixtureRequest.Skipped = runtime.kind == .test ? .testBody : .suiteSetup
    for fixture in fixtures where runtime.kind == .test || fixture.scope >= runtime.kind {
      try await fixture.setUp(in: runtime, at: location, skipping: skipping)
    }
  }
}
