// A test's whole life, in one place: its scope opened, its fixtures set up (before the body or on
// demand), the body run and what it threw recorded, the end of the body checked, the scope ended,
// and a failed test's notes and attachments recorded. An integration gives it only what differs:
// its sink, and, for XCTest, the point where the body ends.
extension ScopeRuntime {
  /// Runs the whole life of `target`'s scope — a suite's, or one test case's — around `body`.
  ///
  /// The scope opens inside the current one (a test's inside its suite's, a nested suite's inside
  /// the outer suite's), or inside the process scope. Then `fixtures` are set up in order, at
  /// `location` (on a suite, only its suite- and process-scoped ones), and `body` runs with the
  /// scope current. A test's body is skipped when a fixture fails to set up; a suite's runs all
  /// the same, and each of its tests that needs the fixture fails. Then the checks of the end of
  /// the body run, the scope ends, and a failed test's notes and attachments go to `sink`.
  ///
  /// A second life for the test (or suite) whose scope is current joins that scope: it sets its
  /// fixtures up there and runs `body`.
  ///
  /// - Throws: What `body` threw, for the framework to record as the test's own failure, once
  ///   the scope has ended — but not a setup failure (``FixtureUnavailable``) nor a
  ///   ``CleanSlateError``: those are recorded as every CleanSlate failure is.
  package static func live(
    _ target: ScopeTarget,
    sink: FailureSink,
    identity: (@Sendable () -> TestIdentity)? = nil,
    fixtures: [AnyFixture] = [],
    at location: CodeLocation = CodeLocation(),
    body: @Sendable () async throws -> Void
  ) async throws {
    if let current, current.kind == target.kind, current.name == target.name {
      try await current.setUp(fixtures, at: location)
      return try await body()
    }
    try await open(target, sink: sink, identity: identity).live(fixtures, at: location, body)
  }

  /// Runs `work` — a test's life — in a child task of its own when `condition` holds, a task that
  /// starts at once, on this thread, and whose memory is freed when it ends: Swift Testing keeps
  /// each finished case's own task, and all it allocated, until the whole test function ends. So
  /// that the case's task allocates little, call it first, and build what the life needs inside
  /// `work`.
  ///
  /// When `work` threw in a cancelled task (a test that cancelled itself), the calling task is
  /// cancelled too, so that the framework sees a cancelled test, as it would without the child.
  package static func inOwnTask(
    if condition: Bool, _ work: @Sendable () async throws -> Void
  ) async throws {
    guard condition, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
      return try await work()
    }
    do {
      try await withoutActuallyEscaping(work) { work in
        try await withThrowingDiscardingTaskGroup { group in
          group.addImmediateTask {
            do {
              try await work()
            } catch {
              throw Task.isCancelled ? CancelledBody(error: error) : error
            }
          }
        }
      }
    } catch let cancelled as CancelledBody {
      withUnsafeCurrentTask { $0?.cancel() }
      throw cancelled.error
    }
  }

  /// Creates the scope for `target` inside the current scope, or inside the process scope, and
  /// starts its sentinel's watch if it asks for one.
  private static func open(
    _ target: ScopeTarget, sink: FailureSink, identity: (@Sendable () -> TestIdentity)?
  ) -> ScopeRuntime {
    var parent = ScopeRuntime.process
    if let enclosing = current,
      enclosing.kind > target.kind || (enclosing.kind == .suite && target.kind == .suite)
    {
      parent = enclosing
    } else {
      ProcessScopeEnding.installOnce()
    }
    let scope = ScopeRuntime(
      target.kind, name: target.name, parent: parent, sink: sink, identity: identity,
      timeLimit: target.timeLimit, location: target.location)
    if let sentinel = target.sentinel { scope.watchState(sentinel, at: target.location) }
    return scope
  }

  /// The life of this scope once open: its fixtures and `body`, with the scope current, then
  /// its close.
  private func live(
    _ fixtures: [AnyFixture], at location: CodeLocation, _ body: () async throws -> Void
  ) async throws {
    var thrown: (any Error)?
    do {
      try await withCurrent {
        guard kind == .test else {
          _ = try? await setUp(fixtures, at: location)
          return try await body()
        }
        if !fixtures.isEmpty { try await setUp(fixtures, at: location) }
        try await runBody(body)
      }
    } catch {
      thrown = settle(error, skipped: Task.isCancelled)
    }
    await close()
    if let thrown { throw thrown }
  }

  /// Sets up the `fixtures` that belong in this scope, in order: on a suite, the suite- and
  /// process-scoped ones; on a test, all of them.
  private func setUp(_ fixtures: [AnyFixture], at location: CodeLocation) async throws {
    let skipping: FixtureRequest.Skipped = kind == .test ? .testBody : .suiteSetup
    for fixture in fixtures where kind == .test || fixture.scope >= kind {
      try await fixture.setUp(in: self, at: location, skipping: skipping)
    }
  }

  /// Records what the scope's code threw, and returns what is left for the framework to record:
  ///
  /// - a setup failure was recorded where it happened: nothing is left;
  /// - a ``CleanSlateError`` (`use(_:)` from a task that does not inherit the scope) is recorded
  ///   as CleanSlate's failures are, at its own location: nothing is left;
  /// - the error of a `skipped` test (cancelled, `XCTSkip`) makes it end as skipped, and is left;
  /// - any other error fails the test. The sink records it now if its framework would record
  ///   it too late, and nothing is left; else it goes in the trace, and is left.
  package func settle(_ error: any Error, skipped: Bool) -> (any Error)? {
    switch error {
    case is FixtureUnavailable:
      return nil
    case let failure as CleanSlateError:
      report(failure)
      return nil
    case _ where skipped:
      declareOutcome(.skipped)
      return error
    default:
      if let recordThrown = nearestSink?.recordThrown {
        recordThrown(error)
        return nil
      }
      noteFrameworkIssue("Caught error: \(error)", at: nil, known: false)
      return error
    }
  }

  /// Ends the life: runs the checks of the end of the body (if they have not run), ends the
  /// scope, then gives a failed test's notes and attachments to the sink.
  package func close() async {
    await finishBody()
    await end()
    guard kind == .test, hasFailed, let sink = nearestSink else { return }
    for note in failureNotes { sink.note(note) }
    let attach = FailureSink.attachmentsDiverted ?? sink.attach
    for attachment in await failureAttachments() { attach(attachment) }
  }

  // MARK: - From synchronous code

  /// Runs the life of this scope from a synchronous hook (XCTest's `invokeTest()`): `code` — the
  /// framework's own setup, body and teardown — with the scope current, then its close, waiting
  /// on this thread with `waiter` (on the main thread, still serving the main queue). `code` ends
  /// the body itself, with ``finishBodySynchronously(waiter:)``, where the framework lets it.
  package func liveSynchronously(
    waiter: () -> any BlockingWaiter = currentThreadWaiter, _ code: () -> Void
  ) {
    Self.$current.withValue(self, operation: code)
    waitSynchronously(on: waiter()) { await self.close() }
  }

  /// Runs the test's body from its framework's synchronous test closure (swift-corelibs-xctest's),
  /// between the trace's body events; then settles what it threw (``settle(_:skipped:)``), so
  /// that the body's error is recorded before what the end of the body finds, and runs the
  /// checks of the end of the body, before the framework's teardown.
  ///
  /// - Parameter skipped: Tells whether an error the body threw skips the test (`XCTSkip`).
  /// - Throws: What is left of the body's error for the framework to record.
  package func runBodySynchronously(
    skipped: (any Error) -> Bool, _ body: () throws -> Void
  ) throws {
    defer { finishBodySynchronously() }
    do {
      try runTracedBodySynchronously(skipped: skipped, body)
    } catch {
      if let left = settle(error, skipped: skipped(error)) { throw left }
    }
  }

  /// Runs the checks of the end of the body from a synchronous hook, once, waiting on this
  /// thread with `waiter`; with none registered, returns at once.
  package func finishBodySynchronously(waiter: () -> any BlockingWaiter = currentThreadWaiter) {
    guard hasBodyEndChecks else { return }
    waitSynchronously(on: waiter()) { await self.finishBody() }
  }
}

/// The error of a body that threw in a cancelled task, carried out of the test's child task to
/// the task that started it.
private struct CancelledBody: Error {
  let error: any Error
}
