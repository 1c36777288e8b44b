import Foundation

/// A live scope — one test, one suite, or the process — with its fixture cache and its
/// teardown stack.
///
/// The integrations create one per scope instance, make it current while the scope's code runs
/// (``withCurrent(_:)``), tell it when the test body is over (``finishBody()``) and end it
/// (``end()``), then report the failures these return to their framework.
package final class ScopeRuntime: Sendable {
  /// The scope that `use(_:)` resolves in: the running test's, where there is one.
  @TaskLocal package static var current: ScopeRuntime?

  /// The scope of the whole test process; the integrations end it when the run is over.
  package static let process = ScopeRuntime(.process, name: "process", parent: nil)

  package let kind: FixtureScope
  package let name: String
  package let parent: ScopeRuntime?
  let observer: (any LifecycleObserver)?
  /// Records a failure on the running test as it happens; see ``FailureReporter``.
  let reporter: FailureReporter?
  /// The scope's number in the trace, its declared outcome, outline and failure attachments.
  let record: ScopeRecord
  private let began: ContinuousClock.Instant
  private let state = Locked(State())

  private struct State {
    var entries: [FixtureKey: FixtureEntry] = [:]
    var teardowns: [Teardown] = []
    var bodyEndChecks: [(phase: BodyEndPhase, check: @Sendable () async -> [CleanSlateError])] =
      []
    var afterTeardownChecks: [AfterTeardownCheck] = []
    var failed = false
    var ended = false
    /// On a scope without a parent: teardowns registered on scopes that had already ended,
    /// still running or not yet reported; `nil` once this scope's end has reported them.
    var lateTeardowns: [Task<[CleanSlateError], Never>]? = []
  }

  /// Creates a scope and records its beginning in the trace.
  ///
  /// - Parameter observer: Receives this scope's lifecycle events (and, unless they are given
  ///   their own, those of scopes created inside it); by default the parent's observer, or for a
  ///   scope without a parent the one `CLEANSLATE_TRACE` selects.
  /// - Parameter reporter: How the integration records a failure on the test (or suite) this
  ///   scope belongs to as it happens, for failures no caller may ever see thrown; `nil` leaves
  ///   every failure to the integration's own reporting of what is thrown and returned.
  package init(
    _ kind: FixtureScope,
    name: String,
    parent: ScopeRuntime?,
    observer: (any LifecycleObserver)?? = .none,
    reporter: FailureReporter? = nil
  ) {
    self.kind = kind
    self.name = name
    self.parent = parent
    self.reporter = reporter
    switch observer {
    case .some(let chosen): self.observer = chosen
    case .none: self.observer = parent.map(\.observer) ?? EnvironmentTrace.observer
    }
    record = ScopeRecord(observed: self.observer != nil, keepsOutline: kind == .test)
    began = .now
    emit(.scopeBegin)
  }

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

  /// The name of the test this scope belongs to, if it is a test scope or inside one.
  var testName: String? { kind == .test ? name : nil }

  // MARK: - Fixtures

  /// Returns the fixture's value for this scope, setting it up on first use.
  package func use<Value>(
    _ fixture: Fixture<Value>, at location: CodeLocation
  ) async throws -> Value {
    if fixture.scope < kind {
      throw reportSetupFailure(
        CleanSlateError(
          .scopeMismatch,
          summary:
            "Fixture '\(fixture.name)' is \(fixture.scope)-scoped but was used in the \(kind) scope '\(name)', outside any \(fixture.scope).",
          fixture: fixture.name,
          dependencyPath: [fixture.name],
          location: location,
          advice: "Use it from inside a \(fixture.scope), or declare it with scope: .\(kind)."
        ))
    }
    do {
      return try await owner(for: fixture.scope).value(
        of: fixture, requester: nil, path: [fixture.name], testName: testName)
    } catch let failure as CleanSlateError {
      // Reported already where it happened, unless no reporter was reachable from there.
      throw reportSetupFailure(failure)
    }
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
  /// A failure is reported to the running test as it happens (rule 5), before it is thrown:
  /// the caller may catch it, and the test must not pass on a broken fixture all the same.
  func value<Value>(
    of fixture: Fixture<Value>, requester: FixtureEntry?, path: [String], testName: String?
  ) async throws -> Value {
    do {
      return try await resolve(fixture, requester: requester, path: path, testName: testName)
    } catch let failure as CleanSlateError {
      throw reportSetupFailure(failure)
    }
  }

  private func resolve<Value>(
    _ fixture: Fixture<Value>, requester: FixtureEntry?, path: [String], testName: String?
  ) async throws -> Value {
    let (entry, runsSetup) = state.withLock { state -> (FixtureEntry, Bool) in
      if let entry = state.entries[fixture.key] { return (entry, false) }
      let entry = FixtureEntry(name: fixture.name, firstTestName: testName)
      state.entries[fixture.key] = entry
      return (entry, true)
    }
    var waitsFor: FixtureEntry?
    if let requester, entry.outcome == nil {
      if let cycle = DependencyWaitGraph.shared.addEdge(from: requester, to: entry) {
        let names = Self.rotate(cycle, toStartAtOneOf: path)
        throw CleanSlateError(
          .dependencyCycle,
          summary: "Fixtures depend on each other in a cycle: \(names.joined(separator: " → ")).",
          fixture: fixture.name,
          dependencyPath: path,
          location: fixture.location,
          advice: "Break the cycle: one of these fixtures must not ask for the other."
        )
      }
      waitsFor = entry
    }
    defer {
      if let requester, let waitsFor {
        DependencyWaitGraph.shared.removeEdge(from: requester, to: waitsFor)
      }
    }

    if runsSetup { await runSetup(of: fixture, into: entry, path: path, testName: testName) }
    switch await entry.wait() {
    case .success(let value):
      return value as! Value
    case .failure(let error) where runsSetup || kind == .test:
      throw error
    case .failure(let error):
      throw CleanSlateError(
        .setupFailedEarlier,
        summary:
          "Fixture '\(fixture.name)' (\(kind) scope '\(name)') failed to set up earlier and is not set up again.",
        fixture: fixture.name,
        dependencyPath: path,
        location: fixture.location,
        underlying: error,
        advice:
          "See the first failure\(entry.firstTestName.map { ", reported in \($0)" } ?? ""): \(error.summary)"
      )
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

  private func runSetup<Value>(
    of fixture: Fixture<Value>, into entry: FixtureEntry, path: [String], testName: String?
  ) async {
    let context = FixtureContext(
      runtime: self, entry: entry, fixtureName: fixture.name, scope: fixture.scope,
      teardownTimeout: fixture.teardownTimeout, dependencyPath: path, testName: testName)
    let start = ContinuousClock.now
    emit(.setupBegin, fixture: fixture.name, testName: testName)
    let result: Result<Value, any Error>
    if kind == .test {
      result = await .capturing { try await fixture.setup(context) }
    } else {
      // Shared setup runs in a task of its own, so that cancelling the test that happened to
      // ask first does not fail the fixture for every other test.
      let sentinelExcuse = SentinelWatches.shared.watchSharedSetup(in: self)
      result = await Task { await .capturing { try await fixture.setup(context) } }.value
      sentinelExcuse?.finish()
    }
    let outcome: FixtureEntry.Outcome = result.map { $0 as any Sendable }.mapError {
      CleanSlateError.setup(of: fixture.name, path: path, location: fixture.location, threw: $0)
    }
    if case .failure(let error) = outcome {
      markFailed()
      emit(
        .setupEnd, fixture: fixture.name, testName: testName, outcome: .failed,
        since: start, message: error.summary, location: fixture.location)
    } else {
      emit(
        .setupEnd, fixture: fixture.name, testName: testName, outcome: .passed, since: start,
        location: fixture.location)
    }
    entry.complete(outcome)
  }

  // MARK: - Teardown

  /// Pushes a teardown onto this scope's stack. Once the scope has ended, it runs at once, and
  /// its failure is reported when the root scope (the process's) ends.
  func addTeardown(_ teardown: Teardown) {
    let ended = state.withLock { state in
      if !state.ended { state.teardowns.append(teardown) }
      return state.ended
    }
    if ended {
      let sequence = teardownSequence([teardown])
      root.runLate(Task { await sequence.run() })
    }
  }

  /// The scope at the top of this one's parents: the process scope.
  private var root: ScopeRuntime { parent?.root ?? self }

  /// Keeps a late teardown's outcome for this (root) scope's end to report; once that end has
  /// reported, there is no one left to tell but standard error.
  private func runLate(_ task: Task<[CleanSlateError], Never>) {
    let kept = state.withLock { state -> Bool in
      guard state.lateTeardowns != nil else { return false }
      state.lateTeardowns?.append(task)
      return true
    }
    guard !kept else { return }
    Task {
      for failure in await task.value {
        FileHandle.standardError.write(Data("[CleanSlate] \(failure)\n".utf8))
      }
    }
  }

  /// Waits for the late teardowns of this (root) scope, including any registered meanwhile,
  /// and returns their failures; later ones are only printed.
  private func lateFailures() async -> [CleanSlateError] {
    guard parent == nil else { return [] }
    var failures: [CleanSlateError] = []
    while let tasks = state.withLock({ state -> [Task<[CleanSlateError], Never>]? in
      guard let tasks = state.lateTeardowns, !tasks.isEmpty else {
        state.lateTeardowns = nil
        return nil
      }
      state.lateTeardowns = []
      return tasks
    }) {
      for task in tasks { failures += await task.value }
    }
    return failures
  }

  /// Pushes a teardown registered by the test itself rather than by a fixture.
  package func addTeardown(
    timeout: Duration? = nil,
    at location: CodeLocation,
    _ body: @escaping @Sendable () async throws -> Void
  ) {
    addTeardown(
      Teardown(
        body: .async(body), fixture: nil, dependencyPath: [], location: location,
        timeout: timeout ?? CleanSlateDefaults.teardownTimeout))
  }

  /// Registers a check to run when the test body is over, before any teardown.
  ///
  /// Checks run phase by phase — every wait for the test's work first, then every verification,
  /// so that what the work did is verified — and in registration order within a phase.
  package func addBodyEndCheck(
    _ phase: BodyEndPhase = .verify,
    _ check: @escaping @Sendable () async -> [CleanSlateError]
  ) {
    state.withLock { $0.bodyEndChecks.append((phase, check)) }
  }

  /// Registers a check to run once every teardown of this scope has run.
  package func addAfterTeardownCheck(_ check: @escaping @Sendable () async -> [CleanSlateError]) {
    state.withLock { $0.afterTeardownChecks.append(AfterTeardownCheck(run: check)) }
  }

  /// Registers a check to run once every teardown of this scope has run that a synchronous
  /// caller may run as it is (`blocking`), so that ``endBlocking(waiter:)`` need not hop into
  /// async code for it; ``end()`` runs `run`.
  package func addAfterTeardownCheck(
    blocking: @escaping @Sendable () -> [CleanSlateError],
    run: @escaping @Sendable () async -> [CleanSlateError]
  ) {
    state.withLock {
      $0.afterTeardownChecks.append(AfterTeardownCheck(run: run, blocking: blocking))
    }
  }

  /// Whether anything waits for the end of the test body; when not, ``finishBody()`` has
  /// nothing to do and a synchronous caller need not hop into async code to call it.
  package var hasBodyEndChecks: Bool { state.withLock { !$0.bodyEndChecks.isEmpty } }

  /// Runs the checks registered for the end of the test body, phase by phase and in
  /// registration order within a phase, shielded from cancellation, and returns what they found.
  package func finishBody() async -> [CleanSlateError] {
    var checks = state.withLock { state in
      defer { state.bodyEndChecks = [] }
      return state.bodyEndChecks
    }
    guard !checks.isEmpty else { return [] }
    let ordered = BodyEndPhase.allCases.flatMap { phase in
      checks.lazy.filter { $0.phase == phase }.map(\.check)
    }
    checks = []
    let failures = await Task {
      var failures: [CleanSlateError] = []
      for check in ordered { failures += await check() }
      return failures
    }.value
    if !failures.isEmpty { markFailed() }
    traceIssues(failures)
    return failures
  }

  /// Ends the scope: runs every teardown, last in first out, each within its time limit and
  /// shielded from cancellation, then the after-teardown checks. Returns every failure, in the
  /// order it happened. Calling it again returns nothing.
  package func end() async -> [CleanSlateError] {
    guard let (teardowns, checks) = takeEndWork(if: { _ in true }) else { return [] }
    // The sequence takes the teardowns and lets each one go once it has run, so that what they
    // captured (a fixture's value, its context) is released before the leak checks below.
    var failures = await runTeardowns(consume teardowns)
    if !checks.isEmpty {
      let found = await Task {
        var failures: [CleanSlateError] = []
        for check in checks { failures += await check.run() }
        return failures
      }.value
      traceIssues(found)
      failures += found
    }
    failures += await lateFailures()
    return finishEnd(with: failures)
  }

  /// Ends the scope from a synchronous caller, as ``end()`` does, when every teardown is
  /// synchronous and every after-teardown check can run blocking: the teardowns run on a thread
  /// of their own while the caller waits on `waiter`, without hopping into async code. Returns
  /// `nil`, changing nothing, when there is asynchronous work; call ``end()`` then.
  package func endBlocking(waiter: some BlockingWaiter) -> [CleanSlateError]? {
    let work = takeEndWork { state in
      state.afterTeardownChecks.allSatisfy { $0.blocking != nil }
        && state.teardowns.allSatisfy(\.isSynchronous)
    }
    guard let (teardowns, checks) = work else { return hasEnded ? [] : nil }
    var failures =
      teardowns.isEmpty
      ? [] : teardownSequence(Array((consume teardowns).reversed())).runBlocking(waiter: waiter)
    if !checks.isEmpty {
      let found = checks.flatMap { $0.blocking?() ?? [] }
      traceIssues(found)
      failures += found
    }
    if parent == nil {
      let noneLate = state.withLock { state -> Bool in
        guard state.lateTeardowns?.isEmpty ?? true else { return false }
        state.lateTeardowns = nil
        return true
      }
      if !noneLate { failures += waitSynchronously(on: waiter) { await self.lateFailures() } }
    }
    return finishEnd(with: failures)
  }

  /// Ends the scope from synchronous code, blocking the calling thread on `waiter` until every
  /// teardown and check has run: ``endBlocking(waiter:)`` when it can, else ``end()`` in a task.
  package func endSynchronously(waiter: some BlockingWaiter) -> [CleanSlateError] {
    endBlocking(waiter: waiter) ?? waitSynchronously(on: waiter) { await self.end() }
  }

  /// Marks the scope ended and takes its teardowns and after-teardown checks, when `condition`
  /// holds for its state and it had not ended yet.
  private func takeEndWork(
    if condition: (State) -> Bool
  ) -> ([Teardown], [AfterTeardownCheck])? {
    state.withLock { state in
      guard !state.ended, condition(state) else { return nil }
      defer {
        state.ended = true
        state.teardowns = []
        state.afterTeardownChecks = []
        state.entries = [:]
      }
      return (state.teardowns, state.afterTeardownChecks)
    }
  }

  private var hasEnded: Bool { state.withLock { $0.ended } }

  /// Runs `teardowns`, last registered first, and returns their failures.
  private func runTeardowns(_ teardowns: consuming [Teardown]) async -> [CleanSlateError] {
    guard !teardowns.isEmpty else { return [] }
    return await teardownSequence(Array((consume teardowns).reversed())).run()
  }

  /// Reports the scope's end and returns its failures, marking the scope failed if any.
  private func finishEnd(with failures: [CleanSlateError]) -> [CleanSlateError] {
    if !failures.isEmpty { markFailed() }
    emit(.scopeEnd, outcome: finalOutcome, since: began)
    return failures
  }

  /// A sequence that runs `teardowns` in the given order, tracing each and turning failures
  /// into reports.
  private func teardownSequence(_ teardowns: [Teardown]) -> TeardownSequence {
    let testName = ScopeRuntime.current?.testName ?? self.testName
    return TeardownSequence(
      teardowns,
      willRun: { teardown in
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
        dependencyPath: teardown.dependencyPath, location: teardown.location, underlying: error,
        advice: "The other teardowns still ran.")
    case .timedOut:
      return CleanSlateError(
        .teardownTimedOut,
        summary: "\(subject) did not finish within \(teardown.timeout) and was abandoned.",
        fixture: teardown.fixture, dependencyPath: teardown.dependencyPath,
        location: teardown.location,
        advice:
          "The other teardowns still ran. Make it finish sooner, or give it more time (the fixture's teardownTimeout, or CleanSlateDefaults.teardownTimeout)."
      )
    }
  }
}

/// A check that runs once every teardown of its scope has run.
struct AfterTeardownCheck: Sendable {
  let run: @Sendable () async -> [CleanSlateError]
  /// The same check for a synchronous caller, when it has one.
  var blocking: (@Sendable () -> [CleanSlateError])? = nil
}
