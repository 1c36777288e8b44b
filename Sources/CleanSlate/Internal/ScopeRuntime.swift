import Foundation

/// A live scope — one test, one suite, or the process — with its fixture cache and its
/// teardown stack.
///
/// A test's or a suite's whole life runs through it, in one place
/// (``live(_:sink:identity:fixtures:at:body:)``, and ``liveSynchronously(waiter:_:)`` for
/// XCTest): the integrations give it the sink that records its failures in their framework, and
/// XCTest the point where the body ends. Every failure found on the way is recorded through the
/// sink as it is found, once (see ``FailureSink``).
package final class ScopeRuntime: Sendable {
  /// The scope that `use(_:)` resolves in: the running test's, where there is one.
  @TaskLocal package static var current: ScopeRuntime?

  /// The scope of the whole test process; the integrations end it when the run is over.
  package static let process = ScopeRuntime(.process, name: "process", parent: nil)

  package let kind: FixtureScope
  package let name: String
  package let parent: ScopeRuntime?
  /// Tells the test's identity when a fixture first asks for it; `nil` names a test by its scope.
  private let identify: (@Sendable () -> TestIdentity)?
  let observer: (any LifecycleObserver)?
  /// Records this scope's failures in the framework; `nil` uses the nearest parent's.
  let sink: FailureSink?
  /// The scope's number in the trace, its declared outcome, outline and failure attachments.
  let record: ScopeRecord
  let began: ContinuousClock.Instant
  /// How long the test may run before it is ended as hung; `nil`: the run's
  /// ``CleanSlateDefaults/testTimeout``.
  let timeLimit: Duration?
  /// Where the test or suite is declared, when its framework tells.
  let location: CodeLocation?
  let state = Locked(State())

  struct State {
    /// Where the test's life is, for the report of a test that hangs.
    var phase: LifePhase = .beforeBody
    var entries: [FixtureKey: FixtureEntry] = [:]
    var teardowns: [Teardown] = []
    var bodyEndChecks: [(phase: BodyEndPhase, check: @Sendable () async -> [CleanSlateError])] =
      []
    var afterTeardownChecks: [@Sendable () async -> [CleanSlateError]] = []
    var failed = false
    var ended = false
  }

  /// Creates a scope and records its beginning in the trace.
  ///
  /// - Parameters:
  ///   - observer: Receives this scope's lifecycle events (and, unless they are given their
  ///     own, those of scopes created inside it); by default the parent's observer, or for a
  ///     scope without a parent the one `CLEANSLATE_TRACE` selects.
  ///   - sink: How the integration records this scope's failures; `nil` uses the nearest
  ///     parent's, and a failure no scope up to the root has a sink for goes to
  ///     ``FailuresOutsideTests``.
  ///   - identity: Tells a test scope's ``TestIdentity`` (its module, its argument case), made
  ///     only when a fixture asks for it; by default the test is known by its scope's name.
  ///   - timeLimit: How long a test may run before it is ended as hung (``RunningTests``);
  ///     `nil` leaves it to ``CleanSlateDefaults/testTimeout``.
  ///   - location: Where the test or suite is declared, when its framework tells.
  package init(
    _ kind: FixtureScope,
    name: String,
    parent: ScopeRuntime?,
    observer: (any LifecycleObserver)?? = .none,
    sink: FailureSink? = nil,
    identity: (@Sendable () -> TestIdentity)? = nil,
    timeLimit: Duration? = nil,
    location: CodeLocation? = nil
  ) {
    self.kind = kind
    self.name = name
    self.parent = parent
    self.sink = sink
    self.identify = identity
    self.timeLimit = timeLimit
    self.location = location
    switch observer {
    case .some(let chosen): self.observer = chosen
    case .none: self.observer = parent.map(\.observer) ?? EnvironmentTrace.observer
    }
    record = ScopeRecord(observed: self.observer != nil, keepsOutline: kind == .test)
    began = .now
    LiveObjects.made(.scope)
    // A parameterized test's case, in the trace only: reading its arguments costs a reflection.
    emit(
      .scopeBegin,
      argumentCase: kind == .test && record.isObserved ? identity?().argumentCase : nil)
    if kind == .test { RunningTests.began(self) }
  }

  deinit { LiveObjects.freed(.scope) }

  /// Runs `body` with this scope as the current one, so that `use(_:)` resolves here.
  package func withCurrent<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    try await Self.$current.withValue(self, operation: body, isolation: isolation)
  }

  /// Whether a test in this scope failed, or a setup or teardown of it did.
  package var hasFailed: Bool { state.withLock { $0.failed } }

  /// Records that the scope's test failed; its suite and process scopes learn it too.
  package func markFailed() {
    var scope: ScopeRuntime? = self
    while let current = scope {
      current.state.withLock { $0.failed = true }
      scope = current.parent
    }
  }

  /// The name of the test this scope belongs to, if it is a test scope.
  var testName: String? { kind == .test ? name : nil }

  /// What tells this scope's test apart from every other, if it is a test scope.
  package var testIdentity: TestIdentity? {
    guard kind == .test else { return nil }
    return identify?() ?? TestIdentity(name: name)
  }

  /// The scope at the top of this one's parents: the process scope.
  var root: ScopeRuntime { parent?.root ?? self }

  // MARK: - Fixtures

  /// Returns the fixture's value for this scope, setting it up on first use.
  ///
  /// A setup failure — the fixture's, a dependency's, or a dependency that cannot be satisfied —
  /// is recorded on this scope's test as it happens, at `location`, and `use` then throws the
  /// error the sink chose (``FixtureUnavailable`` unless the integration needs another), which
  /// nothing records again.
  ///
  /// The async functions of this path keep their frames small — what does not wait is done in
  /// synchronous helpers — because a Swift Testing case's task keeps the memory its frames took
  /// until the whole test function ends.
  ///
  /// - Parameters:
  ///   - location: The call that asks for the fixture.
  ///   - skipping: What does not run when the setup fails, for the failure's message.
  package func use<Value>(
    _ fixture: Fixture<Value>, at location: CodeLocation,
    skipping: FixtureRequest.Skipped = .nothing
  ) async throws -> Value {
    let request = FixtureRequest(location: location, asker: self, skipping: skipping)
    if fixture.scope < kind { throw request.thrownToTheTest(scopeMismatch(fixture, request)) }
    do {
      return try await owner(for: fixture.scope).value(
        of: fixture, requester: nil, path: [fixture.name], request: request)
    } catch let unavailable as FixtureUnavailable {
      throw request.thrownToTheTest(unavailable)
    }
  }

  /// Records that `fixture` was asked for in a scope narrower than its own.
  @inline(never)
  private func scopeMismatch<Value>(
    _ fixture: Fixture<Value>, _ request: FixtureRequest
  ) -> FixtureUnavailable {
    request.fail(
      CleanSlateError(
        .scopeMismatch,
        summary:
          "Fixture '\(fixture.name)' is \(fixture.scope)-scoped but was used in the \(kind) scope '\(name)', outside any \(fixture.scope).",
        fixture: fixture.name,
        dependencyPath: [fixture.name],
        location: request.location,
        declaration: fixture.location,
        advice: "Use it from inside a \(fixture.scope), or declare it with scope: .\(kind)."
      ))
  }

  /// The narrowest scope from here outwards that is at least as wide as `scope`; the widest one
  /// there is when none is wide enough (a test run without a suite keeps suite fixtures in the
  /// process scope).
  func owner(for scope: FixtureScope) -> ScopeRuntime {
    var candidate = self
    while candidate.kind < scope, let parent = candidate.parent { candidate = parent }
    return candidate
  }

  /// Returns the fixture's value cached in this scope, running its setup if nobody has.
  ///
  /// A failure is recorded on the asking test as it happens (see ``FixtureRequest``), before
  /// anything is thrown: the caller may catch the error, and the test must not pass on a broken
  /// fixture all the same.
  func value<Value>(
    of fixture: Fixture<Value>, requester: FixtureEntry?, path: [String],
    request: FixtureRequest
  ) async throws -> Value {
    let (entry, runsSetup) = entry(for: fixture, request: request)
    let waitsFor = try waitEdge(
      from: requester, to: entry, fixture: fixture, path: path, request: request)
    defer {
      if let requester, let waitsFor {
        DependencyWaitGraph.shared.removeEdge(from: requester, to: waitsFor)
      }
    }
    if runsSetup { await runSetup(of: fixture, into: entry, path: path, request: request) }
    return try unwrap(
      await entry.wait(), of: fixture, entry: entry, ranSetup: runsSetup, path: path,
      request: request)
  }

  /// The entry of `fixture` in this scope, made now — and to be set up by the caller — if there
  /// was none.
  private func entry<Value>(
    for fixture: Fixture<Value>, request: FixtureRequest
  ) -> (FixtureEntry, runsSetup: Bool) {
    state.withLock { state -> (FixtureEntry, Bool) in
      if let entry = state.entries[fixture.key] { return (entry, false) }
      let entry = FixtureEntry(
        name: fixture.name, scope: fixture.scope, declaration: fixture.location,
        firstTestName: request.asker.testName)
      state.entries[fixture.key] = entry
      return (entry, true)
    }
  }

  /// Notes that `requester`'s setup waits for `entry`, unless it is done; a wait that closes a
  /// cycle is recorded and thrown instead. Returns the entry waited for.
  @inline(never)
  private func waitEdge<Value>(
    from requester: FixtureEntry?, to entry: FixtureEntry, fixture: Fixture<Value>,
    path: [String], request: FixtureRequest
  ) throws(FixtureUnavailable) -> FixtureEntry? {
    guard let requester, entry.outcome == nil else { return nil }
    guard let cycle = DependencyWaitGraph.shared.addEdge(from: requester, to: entry) else {
      return entry
    }
    let names = Self.rotate(cycle, toStartAtOneOf: path)
    throw request.fail(
      CleanSlateError(
        .dependencyCycle,
        summary: "Fixtures depend on each other in a cycle: \(names.joined(separator: " → ")).",
        fixture: fixture.name,
        dependencyPath: path,
        location: request.location,
        declaration: fixture.location,
        advice: "Break the cycle: one of these fixtures must not ask for the other."
      ))
  }

  /// The value of a finished setup, or the error to throw for a failed one: recorded now for
  /// the setup this request ran, or for a shared fixture that failed for an earlier test.
  @inline(never)
  private func unwrap<Value>(
    _ outcome: FixtureEntry.Outcome, of fixture: Fixture<Value>, entry: FixtureEntry,
    ranSetup: Bool, path: [String], request: FixtureRequest
  ) throws(FixtureUnavailable) -> Value {
    switch outcome {
    case .success(let value):
      return value as! Value
    case .failure(let failure) where ranSetup:
      throw failure.isRecorded ? request.unavailable(failure.error) : request.fail(failure.error)
    case .failure(let failure) where kind == .test:
      // Another task of the same test ran the setup and recorded its failure.
      throw request.unavailable(failure.error)
    case .failure(let failure):
      let first = failure.error
      throw request.fail(
        CleanSlateError(
          .setupFailedEarlier,
          summary:
            "Fixture '\(fixture.name)' (\(kind) scope '\(name)') failed to set up earlier and is not set up again.",
          fixture: fixture.name,
          dependencyPath: path,
          location: request.location,
          declaration: fixture.location,
          underlying: first,
          advice:
            "See the first failure, recorded \(entry.firstTestName.map { "in '\($0)' " } ?? "")at \(first.location): \(first.summary)"
        ))
    }
  }

  /// Rotates a cycle (`b → a → b`) to start where the test's dependency path first enters it
  /// (`a → b → a`), so it reads in the order the test asked.
  private static func rotate(_ cycle: [String], toStartAtOneOf path: [String]) -> [String] {
    let loop = Array(cycle.dropLast())
    guard let start = path.lazy.compactMap({ loop.firstIndex(of: $0) }).first else { return cycle }
    let rotated = Array(loop[start...] + loop[..<start])
    return rotated + [rotated[0]]
  }

  /// Runs the fixture's setup into its entry: in the asking task for a test fixture, in a task
  /// of its own for a shared one, so that cancelling the test that happened to ask first does
  /// not fail the fixture for every other test.
  private func runSetup<Value>(
    of fixture: Fixture<Value>, into entry: FixtureEntry, path: [String], request: FixtureRequest
  ) async {
    let context = beginSetup(of: fixture, into: entry, path: path, request: request)
    let result: Result<Value, any Error>
    if kind == .test {
      result = await .capturing { try await fixture.setup(context) }
    } else {
      let sentinelExcuse = SentinelWatches.shared.watchSharedSetup(in: self)
      result = await Task { await .capturing { try await fixture.setup(context) } }.value
      sentinelExcuse?.finish()
    }
    finishSetup(of: fixture, into: entry, path: path, request: request, with: result)
  }

  /// Traces the setup's beginning and makes its context.
  @inline(never)
  private func beginSetup<Value>(
    of fixture: Fixture<Value>, into entry: FixtureEntry, path: [String], request: FixtureRequest
  ) -> FixtureContext {
    emit(.setupBegin, fixture: fixture.name, testName: request.asker.testName)
    return FixtureContext(
      runtime: self, entry: entry, fixture: fixture, dependencyPath: path, request: request)
  }

  /// Traces the setup's end and completes its entry, waking whoever waits for it.
  @inline(never)
  private func finishSetup<Value>(
    of fixture: Fixture<Value>, into entry: FixtureEntry, path: [String], request: FixtureRequest,
    with result: Result<Value, any Error>
  ) {
    let testName = request.asker.testName
    let start = entry.began
    switch result {
    case .success(let value):
      emit(
        .setupEnd, fixture: fixture.name, testName: testName, outcome: .passed, since: start,
        location: fixture.location)
      entry.complete(.success(value))
    case .failure(let error):
      let failure = FixtureEntry.Failure(
        error: .setup(
          of: fixture.name, scope: fixture.scope, declaredAt: fixture.location, path: path,
          request: request, threw: error),
        isRecorded: error is FixtureUnavailable)
      emit(
        .setupEnd, fixture: fixture.name, testName: testName, outcome: .failed,
        since: start, message: failure.error.summary, location: fixture.location)
      entry.complete(.failure(failure))
    }
  }
}
