import Foundation

// The end of a scope: its teardown stack, the checks that run when the test body is over and
// after every teardown, and the one way a scope ends.
extension ScopeRuntime {
  // MARK: - Registering

  /// Pushes a teardown onto this scope's stack. Once the scope has ended, it runs at once, and a
  /// failure of it, found where no test runs any more, goes to ``FailuresOutsideTests``.
  func addTeardown(_ teardown: Teardown) {
    let ended = state.withLock { state in
      if !state.ended { state.teardowns.append(teardown) }
      return state.ended
    }
    guard ended else { return }
    let sequence = teardownSequence([teardown])
    Task {
      for failure in await sequence.run() { FailuresOutsideTests.report(failure) }
    }
  }

  /// Pushes a teardown registered by the test itself rather than by a fixture.
  package func addTeardown(
    timeout: Duration? = nil,
    at location: CodeLocation,
    _ body: @escaping @Sendable () async throws -> Void
  ) {
    addTeardown(
      Teardown(
        body: .async(body), fixture: nil, declaration: nil, dependencyPath: [],
        location: location, timeout: timeout ?? CleanSlateDefaults.teardownTimeout))
  }

  /// Registers a check to run when the test body is over, before any teardown; the failures
  /// it returns are recorded on the test.
  ///
  /// Checks run phase by phase — every wait for the test's work first, then every verification,
  /// so that what the work did is verified — and in registration order within a phase.
  package func addBodyEndCheck(
    _ phase: BodyEndPhase = .verify,
    _ check: @escaping @Sendable () async -> [CleanSlateError]
  ) {
    state.withLock { $0.bodyEndChecks.append((phase, check)) }
  }

  /// Registers a check to run once every teardown of this scope has run; the failures it
  /// returns are recorded on the scope's test or suite.
  package func addAfterTeardownCheck(_ check: @escaping @Sendable () async -> [CleanSlateError]) {
    state.withLock { $0.afterTeardownChecks.append(check) }
  }

  /// Whether anything waits for the end of the test body; when not, ``finishBody()`` has
  /// nothing to do and a synchronous caller need not hop into async code to call it.
  package var hasBodyEndChecks: Bool { state.withLock { !$0.bodyEndChecks.isEmpty } }

  // MARK: - Ending

  /// Runs the checks registered for the end of the test body, phase by phase and in
  /// registration order within a phase, shielded from cancellation, and records what they
  /// found. Calling it again does nothing.
  ///
  /// Like ``end()``, it does what needs no waiting in synchronous code and calls out for the
  /// rest: the frames of async functions stay allocated with a Swift Testing case's task until
  /// its whole test function ends, so a scope with nothing to wait for costs none.
  package func finishBody() async {
    let checks = takeBodyEndChecks()
    guard !checks.isEmpty else { return }
    await runBodyEndChecks(checks)
  }

  /// Takes the checks registered for the end of the body, in the order they run.
  private func takeBodyEndChecks() -> [@Sendable () async -> [CleanSlateError]] {
    let checks = state.withLock { state in
      defer { state.bodyEndChecks = [] }
      return state.bodyEndChecks
    }
    return BodyEndPhase.allCases.flatMap { phase in
      checks.lazy.filter { $0.phase == phase }.map(\.check)
    }
  }

  @inline(never)
  private func runBodyEndChecks(_ checks: [@Sendable () async -> [CleanSlateError]]) async {
    enter(.bodyEndChecks)
    for failure in await Self.runShielded(checks) { report(failure) }
    enter(.afterBody)
  }

  /// Ends the scope: runs every teardown, last in first out, each within its time limit and
  /// shielded from cancellation, then the after-teardown checks, recording each failure as it
  /// is found. Calling it again does nothing.
  package func end() async {
    guard let (teardowns, checks) = takeEndWork() else { return }
    if !teardowns.isEmpty || !checks.isEmpty {
      // The teardowns are handed over, so that what they captured (a fixture's value, its
      // context) is released before the checks run.
      await runEndWork(consume teardowns, checks)
    }
    finishEnd()
  }

  /// Runs the teardowns, last registered first, then the after-teardown checks.
  @inline(never)
  private func runEndWork(
    _ teardowns: consuming [Teardown], _ checks: [@Sendable () async -> [CleanSlateError]]
  ) async {
    if !teardowns.isEmpty {
      // The sequence takes the teardowns and lets each one go once it has run.
      for failure in await teardownSequence(Array((consume teardowns).reversed())).run() {
        report(failure)
      }
    }
    if !checks.isEmpty { enter(.afterTeardownChecks) }
    for failure in await Self.runShielded(checks) { report(failure) }
  }

  /// Records the scope's end, after the notes offered to its test if it failed.
  private func finishEnd() {
    if kind == .test {
      RunningTests.ended(self)
      if hasFailed { makeFailureNotes() }
    }
    emit(.scopeEnd, outcome: finalOutcome, since: began)
  }

  /// Marks the scope ended and takes its teardowns and after-teardown checks; `nil` when it had
  /// ended already.
  private func takeEndWork() -> ([Teardown], [@Sendable () async -> [CleanSlateError]])? {
    state.withLock { state in
      guard !state.ended else { return nil }
      defer {
        state.ended = true
        state.teardowns = []
        state.afterTeardownChecks = []
        state.entries = [:]
      }
      return (state.teardowns, state.afterTeardownChecks)
    }
  }

  /// Ends the scope from synchronous code (an XCTest hook, an exit handler), blocking the
  /// calling thread on `waiter` until ``end()`` has run. Never call it from a task.
  package func endSynchronously(waiter: some BlockingWaiter) {
    waitSynchronously(on: waiter) { await self.end() }
  }

  /// Runs `checks` one after another in a task of their own, which the caller's cancellation
  /// does not reach, and returns what they found.
  ///
  /// The task starts at once on the caller's thread (where the platform allows), so that
  /// checks that need not wait — a leak check, a verification — finish without the caller
  /// suspending; see ``TeardownSequence/blockingGrace`` for why that matters.
  private static func runShielded(
    _ checks: [@Sendable () async -> [CleanSlateError]]
  ) async -> [CleanSlateError] {
    guard !checks.isEmpty else { return [] }
    let work: @Sendable () async -> [CleanSlateError] = {
      var failures: [CleanSlateError] = []
      for check in checks { failures += await check() }
      return failures
    }
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return await Task.immediate(operation: work).value
    }
    return await Task(operation: work).value
  }

  /// A sequence that runs `teardowns` in the given order, tracing each and turning failures
  /// into reports.
  private func teardownSequence(_ teardowns: [Teardown]) -> TeardownSequence {
    let testName = ScopeRuntime.current?.testName ?? self.testName
    return TeardownSequence(
      teardowns,
      willRun: { teardown in
        self.enter(.teardown(fixture: teardown.fixture, registeredAt: teardown.location))
        self.emit(.teardownBegin, fixture: teardown.fixture, testName: testName)
      },
      didRun: { teardown, outcome, start in
        let failure = Self.failure(of: teardown, outcome: outcome)
        self.emit(
          .teardownEnd, fixture: teardown.fixture, testName: testName,
          outcome: failure == nil ? .passed : (outcome.timedOut ? .timedOut : .failed),
          since: start, message: failure?.summary, location: teardown.location)
        return failure
      })
  }

  private static func failure(
    of teardown: Teardown, outcome: TimeLimitedOutcome
  ) -> CleanSlateError? {
    let subject = teardown.fixture.map { "Teardown of fixture '\($0)'" } ?? "A teardown"
    switch outcome {
    case .finished(.success):
      return nil
    case .finished(.failure(let error as CleanSlateError)):
      // A teardown that reports a CleanSlate failure of its own (a launched app that crashed)
      // keeps its code and message, as a setup's does.
      return error
    case .finished(.failure(let error)):
      return CleanSlateError(
        .teardownFailed, summary: "\(subject) threw: \(error)", fixture: teardown.fixture,
        dependencyPath: teardown.dependencyPath, location: teardown.location,
        declaration: teardown.declaration, underlying: error,
        advice: "The other teardowns still ran.")
    case .timedOut:
      return CleanSlateError(
        .teardownTimedOut,
        summary: "\(subject) did not finish within \(teardown.timeout) and was abandoned.",
        fixture: teardown.fixture, dependencyPath: teardown.dependencyPath,
        location: teardown.location, declaration: teardown.declaration,
        advice:
          "The other teardowns still ran. Make it finish sooner, or give it more time: addTeardown(timeout:) for this teardown, Fixture(_:teardownTimeout:) for every teardown of its fixture, CleanSlateDefaults.teardownTimeout in code, or CLEANSLATE_TEARDOWN_TIMEOUT=<seconds> for the whole run."
      )
    }
  }
}

/// When a check registered for the end of the test body runs: every wait for the test's work
/// first, then every verification, so that what the work did is verified.
package enum BodyEndPhase: CaseIterable, Sendable {
  /// Waiting for work the test started (``WorkTracker``).
  case settleWork
  /// Verifying what the test expected (`verifyLater`, expectations).
  case verify
}
