internal import CleanSlate
internal import Testing

extension CleanSlateTrait {
  /// The identity of the target whose scope a CleanSlate trait opened and made current, so that
  /// a second CleanSlate trait of the same test (`.cleanSlate` on the suite, `.fixtures` on the
  /// test) adds its fixtures to that scope instead of opening another.
  @TaskLocal static var openedTargetID: String?

  /// Opens `target`'s scope (or joins the one another CleanSlate trait of the same test
  /// opened), sets up the declared fixtures, runs `function` with the scope current, then
  /// finishes the body, ends the scope and records every failure as an issue.
  ///
  /// The trait's `provideScope(for:testCase:performing:)` calls this; CleanSlate's tests call it
  /// directly with targets and functions of their own.
  package func provideScope(
    for target: ScopeTarget,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    if let runtime = ScopeRuntime.current, runtime.kind == target.kind,
      Self.openedTargetID == target.id
    {
      // The scope is already open: a setup failure thrown here reaches the trait that opened
      // it, which reports it once and still ends the scope.
      try await setUpFixtures(in: runtime)
      return try await function()
    }
    let runtime = ScopeRuntime(
      target.kind, name: target.name, parent: parent(for: target),
      reporter: { failure in failure.recordIssue() })
    if let sentinel = target.sentinel { runtime.watchState(sentinel, at: target.location) }
    try await run(function, in: runtime, for: target)
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

  private func run(
    _ function: @Sendable () async throws -> Void,
    in runtime: ScopeRuntime,
    for target: ScopeTarget
  ) async throws {
    var primaryError: (any Error)?
    do {
      try await runtime.withCurrent {
        try await Self.$openedTargetID.withValue(target.id) {
          if target.kind == .suite {
            await setUpSuiteFixtures(in: runtime)
            try await function()
          } else {
            try await setUpFixtures(in: runtime)
            try await runtime.runBody {
              try await FailureTracking.run(function, markingFailed: runtime)
            }
          }
        }
      }
    } catch let failure as CleanSlateError where !Task.isCancelled {
      // A setup failure (eager, or from `use` in the body): reported once, at the fixture.
      runtime.markFailed()
      failure.record()
    } catch {
      if !Task.isCancelled { runtime.markFailed() }
      runtime.trace(thrown: error)
      primaryError = error
    }
    for failure in await runtime.finishBody() { failure.record() }
    for failure in await runtime.end() { failure.record() }
    if target.kind == .test { await runtime.recordFailureAttachments(at: sourceLocation) }
    // The body's own error stays the test's primary failure; Swift Testing records it (or, for
    // a cancelled test, records the cancellation) once the scope has ended.
    if let primaryError { throw primaryError }
  }

  /// Sets up a suite's fixtures before its tests, reporting a failure once, in full.
  ///
  /// The tests still run: each one sets up the trait's fixtures again before its body, and
  /// the engine answers a suite fixture that failed with a short failure pointing to this one,
  /// so every test that needs it fails visibly without retrying the setup (rule 4).
  private func setUpSuiteFixtures(in runtime: ScopeRuntime) async {
    do {
      try await setUpFixtures(in: runtime)
    } catch let failure as CleanSlateError {
      failure.record()
    } catch {
      CleanSlateError(
        .setupFailed, summary: "Setting up the suite's fixtures failed: \(error)",
        location: CodeLocation(sourceLocation), underlying: error
      ).record()
    }
  }

  /// Sets up the fixtures this trait declares that belong in `runtime`: on a suite, the suite-
  /// and process-scoped ones; on a test, all of them, in order.
  private func setUpFixtures(in runtime: ScopeRuntime) async throws {
    let location = CodeLocation(sourceLocation)
    for fixture in fixtures where runtime.kind == .test || fixture.scope >= runtime.kind {
      try await fixture.setUp(in: runtime, at: location)
    }
  }
}
