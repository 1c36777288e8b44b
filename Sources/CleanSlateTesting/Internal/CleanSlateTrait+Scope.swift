internal import CleanSlate
internal import Testing

extension CleanSlateTrait {
  /// Opens `target`'s scope (or joins the one another CleanSlate trait of the same test
  /// opened), sets up the declared fixtures, runs `function` with the scope current, then
  /// finishes the body and ends the scope. The engine records every failure on the way through
  /// the scope's sink; what `function` throws is Swift Testing's to record.
  ///
  /// The trait's `provideScope(for:testCase:performing:)` calls this; CleanSlate's tests call it
  /// directly with targets and functions of their own.
  ///
  /// What a test case's task allocates stays with the task until its whole test function ends
  /// (Swift Testing keeps finished cases' tasks until then), so a test's scope lives in a child
  /// task of its own, freed when the test ends, and the path keeps its async frames few and
  /// small.
  ///
  /// - Parameter identity: Tells a test's ``TestIdentity`` (its module and argument case) when a
  ///   fixture asks for it; by default the test is known by the target's name.
  package func provideScope(
    for target: ScopeTarget,
    identity: (@Sendable () -> TestIdentity)? = nil,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    if let current = ScopeRuntime.current, current.kind == target.kind,
      current.name == target.name
    {
      // A second CleanSlate trait of the same test joins the scope the first opened.
      try await setUpFixtures(in: current)
      return try await function()
    }
    if target.kind == .test, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      // In a child task that starts at once, on this thread, and whose memory is freed when it
      // ends: Swift Testing keeps each finished case's own task, and all it allocated, until
      // the whole test function ends.
      return try await withoutActuallyEscaping(function) { function in
        try await withThrowingDiscardingTaskGroup { group in
          group.addImmediateTask {
            try await self.runScope(of: target, identity: identity, performing: function)
          }
        }
      }
    }
    try await runScope(of: target, identity: identity, performing: function)
  }

  /// The life of `target`'s scope: its fixtures' setup and `function` with the scope current,
  /// then the end of the body and of the scope.
  private func runScope(
    of target: ScopeTarget, identity: (@Sendable () -> TestIdentity)?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let runtime = openScope(for: target, identity: identity)
    var thrown: (any Error)?
    do {
      try await runtime.withCurrent { try await setUpAndRun(function, in: runtime) }
    } catch {
      thrown = runtime.recordThrown(error)
    }
    await runtime.finishBody()
    await runtime.end()
    if runtime.kind == .test, runtime.hasFailed {
      await runtime.recordNotesAndAttachments(at: sourceLocation)
    }
    // The body's own error stays the test's primary failure; Swift Testing records it (or, for
    // a cancelled test, records the cancellation) once the scope has ended.
    if let thrown { throw thrown }
  }

  /// Creates the scope for `target`, watched by its sentinel if it asks for one.
  private func openScope(
    for target: ScopeTarget, identity: (@Sendable () -> TestIdentity)?
  ) -> ScopeRuntime {
    ScopelessSwiftTestingCalls.registerOnce()
    // A test's issues are observed (``FailureTracking``) to mark it failed as Swift Testing
    // counts failures (a known issue is not one); elsewhere the engine marks them.
    let observed = target.kind == .test && FailureTracking.isObserving
    let runtime = ScopeRuntime(
      target.kind, name: target.name, parent: parent(for: target),
      sink: .swiftTesting(marksScopeFailed: observed), identity: identity)
    if let sentinel = target.sentinel { runtime.watchState(sentinel, at: target.location) }
    return runtime
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
    if !fixtures.isEmpty { try await setUpFixtures(in: runtime) }
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

extension ScopeRuntime {
  /// What the trait does with an error out of the scope's code: a setup failure was recorded
  /// where it happened, and nothing is left to rethrow; any other error is traced and returned,
  /// for Swift Testing to record as the test's own.
  fileprivate func recordThrown(_ error: any Error) -> (any Error)? {
    if error is FixtureUnavailable { return nil }
    trace(thrown: error)
    return error
  }
}
