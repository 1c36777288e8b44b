import Dispatch

/// Runs a scope's teardowns one after another, each within its time limit, shielded from the
/// test's cancellation, with one timer watching whichever teardown is running.
///
/// Synchronous teardowns run on a dispatch queue of the sequence's own, asynchronous ones in an
/// unstructured task (which the test's cancellation does not reach); consecutive teardowns of
/// one kind run without a hop between them. When a teardown outlives its limit, the timer
/// records the timeout, cancels the task it runs in, and carries on with the next teardown in a
/// fresh context; the abandoned one, should it ever return, is ignored. A synchronous teardown
/// that blocks forever thus holds a thread of its own, never one of Swift concurrency's few
/// cooperative threads nor a shared dispatch thread.
///
/// The sequence lets go of each teardown's body as it starts it, and the runner lets go of it
/// once it has returned, so what a teardown captured (a fixture's value, its context) is released
/// as soon as the teardown has run, not when the whole scope is over: the leak checks that
/// follow the teardowns must not find it alive because of CleanSlate.
final class TeardownSequence: Sendable {
  typealias Outcome = TimeLimitedOutcome

  /// The teardowns, their bodies replaced by empty ones of the same kind; the real bodies are
  /// in ``State/bodies`` until they start.
  private let teardowns: [Teardown]
  private let willRun: @Sendable (Teardown) -> Void
  private let didRun: @Sendable (Teardown, Outcome, ContinuousClock.Instant) -> CleanSlateError?
  private let state: Locked<State>
  private let timer: TimerHandle

  private struct State {
    /// The index of the next teardown to start.
    var next = 0
    /// Bumped when a teardown is abandoned, so that its runner stops when it comes back.
    var generation = 0
    /// The teardown running now: its index and when it started.
    var running: (index: Int, started: ContinuousClock.Instant)?
    var task: Task<Void, Never>?
    var failures: [CleanSlateError] = []
    /// The failures, once every teardown has run or been abandoned.
    var result: [CleanSlateError]?
    /// Signalled when the result is set, for the caller's wait of ``blockingGrace``.
    var finishedSignal: DispatchSemaphore?
    /// Signalled, then cleared, when the sequence's queue first runs teardowns, for the
    /// caller's wait of ``startGrace``.
    var startedSignal: DispatchSemaphore?
    /// Whether the timer watches the running teardown: from the start when the caller
    /// suspends at once, else only once the caller's wait has run out (most sequences finish
    /// within it, and need no timer at all).
    var watched = true
    var continuation: CheckedContinuation<[CleanSlateError], Never>?
    /// Each teardown's body, taken (set to `nil`) as it starts.
    var bodies: [Teardown.Body?]
  }

  deinit { LiveObjects.freed(.teardownSequence) }

  /// - Parameters:
  ///   - teardowns: The teardowns in the order to run them (the reverse of registration).
  ///   - willRun: Called as each teardown starts.
  ///   - didRun: Called as each finishes or is abandoned; returns the failure to report, if any.
  init(
    _ teardowns: [Teardown],
    willRun: @escaping @Sendable (Teardown) -> Void,
    didRun: @escaping @Sendable (Teardown, Outcome, ContinuousClock.Instant) -> CleanSlateError?
  ) {
    LiveObjects.made(.teardownSequence)
    state = Locked(State(bodies: teardowns.map(\.body)))
    self.teardowns = teardowns.map(\.withoutBody)
    self.willRun = willRun
    self.didRun = didRun
    timer = TimerHandle()
  }

  /// How long the task that ends a scope waits on its thread for teardowns that are all
  /// synchronous before it suspends. They run at once on the sequence's own queue, and most
  /// finish well within it: the task then goes on without suspending, which in a parallel Swift
  /// Testing run keeps it from being queued behind every test not yet started (each of which
  /// would then start and wait here too, all their memory alive at once). Asynchronous
  /// teardowns need Swift concurrency's threads and usually wait for something: the task
  /// suspends for those at once.
  static let blockingGrace: Duration = .milliseconds(1)

  /// How long that task waits, besides, for the sequence's queue to start running them. On a
  /// busy machine a thread that is woken may wait several milliseconds for a core, longer than
  /// the teardowns then take: the task waits for the start (up to this limit), then gives the
  /// teardowns their ``blockingGrace``.
  static let startGrace: Duration = .milliseconds(50)

  /// Runs every teardown and returns the failures, in the order they happened.
  func run() async -> [CleanSlateError] {
    guard !teardowns.isEmpty else { return [] }
    let finished = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    let waitsFirst = teardowns.allSatisfy(\.isSynchronous)
    timer.setHandler { [weak self] in self?.timerFired() }
    state.withLock { state in
      state.finishedSignal = finished
      state.startedSignal = waitsFirst ? started : nil
      state.watched = !waitsFirst
    }
    advance(generation: 0, onDispatchThread: false)
    if waitsFirst {
      if started.wait(timeout: .now() + Self.startGrace.dispatchInterval) == .success,
        finished.wait(timeout: .now() + Self.blockingGrace.dispatchInterval) == .success,
        let result = state.withLock({ $0.result })
      {
        return result
      }
      watchFromNowOn()
    }
    return await withCheckedContinuation { continuation in
      let result = state.withLock { state -> [CleanSlateError]? in
        if let result = state.result { return result }
        state.continuation = continuation
        return nil
      }
      if let result { continuation.resume(returning: result) }
    }
  }

  /// Starts watching the running teardown, and every one after it, with the timer.
  private func watchFromNowOn() {
    let remaining = state.withLock { state -> Duration? in
      state.watched = true
      guard let running = state.running else { return nil }
      return running.started + teardowns[running.index].timeout - .now
    }
    if let remaining { timer.arm(after: max(remaining, .zero)) }
  }

  // MARK: - Running

  /// Starts the next teardown in the context its kind needs. Synchronous teardowns run on the
  /// current thread only when it is a dispatch thread of ours (`onDispatchThread`), never on the
  /// caller's: a teardown blocking there would block the very task that waits for the timeout.
  private func advance(generation: Int, onDispatchThread: Bool) {
    guard let index = peekNext(generation: generation) else { return }
    switch teardowns[index].body {
    case .sync:
      if onDispatchThread {
        runSynchronousTeardowns(generation: generation)
      } else {
        // A queue of its own, not a global one: it gets a thread even when a blocked teardown
        // holds one (on Linux, blocked global threads are replaced only after a second or so).
        DispatchQueue(label: "CleanSlate.teardown").async {
          self.runSynchronousTeardowns(generation: generation)
        }
      }
    case .async:
      let task = Task { await self.runAsynchronousTeardowns(generation: generation) }
      state.withLock { state in
        if state.generation == generation { state.task = task }
      }
    }
  }

  /// Runs synchronous teardowns here, one after another, until an asynchronous one is next.
  private func runSynchronousTeardowns(generation: Int) {
    state.withLock { state in
      defer { state.startedSignal = nil }
      return state.startedSignal
    }?.signal()
    while let (index, start, claimed) = claimNext(generation: generation, where: .sync) {
      guard case .sync(let body) = claimed else { return }
      let result = Result { try body() }
      guard settle(index, generation: generation, outcome: .finished(result), since: start) else {
        return
      }
    }
    advance(generation: generation, onDispatchThread: true)
  }

  /// Runs asynchronous teardowns in this task, one after another, until a synchronous one is next.
  private func runAsynchronousTeardowns(generation: Int) async {
    while let (index, start, claimed) = claimNext(generation: generation, where: .async) {
      guard case .async(let body) = claimed else { return }
      let result = await Result.capturing { try await body() }
      guard settle(index, generation: generation, outcome: .finished(result), since: start) else {
        return
      }
    }
    advance(generation: generation, onDispatchThread: false)
  }

  // MARK: - Bookkeeping

  private enum Kind { case sync, async }

  /// The next teardown's index, or `nil` (finishing the sequence) when none is left.
  private func peekNext(generation: Int) -> Int? {
    let (index, finished) = state.withLock { state -> (Int?, [CleanSlateError]?) in
      guard state.generation == generation else { return (nil, nil) }
      if state.next < teardowns.count { return (state.next, nil) }
      return (nil, state.failures)
    }
    if let finished { finish(with: finished) }
    return index
  }

  /// Claims the next teardown if it is of `kind` and this runner is still the live one, taking
  /// its body: from here on only the runner holds it.
  private func claimNext(
    generation: Int, where kind: Kind
  ) -> (Int, ContinuousClock.Instant, Teardown.Body?)? {
    let claimed = state.withLock {
      state -> (Int, ContinuousClock.Instant, Teardown.Body?, Bool)? in
      guard state.generation == generation, state.next < teardowns.count else { return nil }
      let index = state.next
      switch (teardowns[index].body, kind) {
      case (.sync, .sync), (.async, .async): break
      default: return nil
      }
      state.next += 1
      let start = ContinuousClock.now
      state.running = (index, start)
      defer { state.bodies[index] = nil }
      return (index, start, state.bodies[index], state.watched)
    }
    guard let (index, start, body, watched) = claimed else { return nil }
    willRun(teardowns[index])
    if watched { timer.arm(after: teardowns[index].timeout) }
    return (index, start, body)
  }

  /// Records how a teardown ended; returns `false` when it had already been abandoned.
  private func settle(
    _ index: Int, generation: Int, outcome: Outcome, since start: ContinuousClock.Instant
  ) -> Bool {
    let current = state.withLock { state -> Bool in
      guard state.generation == generation, state.running?.index == index else { return false }
      state.running = nil
      return true
    }
    guard current else { return false }
    if let failure = didRun(teardowns[index], outcome, start) {
      state.withLock { $0.failures.append(failure) }
    }
    return true
  }

  /// Abandons the running teardown if it is past its limit, and carries on without it.
  private func timerFired() {
    var remaining: Duration?
    let abandoned = state.withLock {
      state -> (Int, ContinuousClock.Instant, Int, Task<Void, Never>?)? in
      guard let running = state.running else { return nil }
      let elapsed = ContinuousClock.now - running.started
      let limit = teardowns[running.index].timeout
      guard elapsed >= limit else {
        // The timer's clock ran a little ahead: wait the rest.
        remaining = limit - elapsed
        return nil
      }
      state.running = nil
      state.generation += 1
      defer { state.task = nil }
      return (running.index, running.started, state.generation, state.task)
    }
    if let remaining { timer.arm(after: remaining) }
    guard let (index, started, generation, task) = abandoned else { return }
    task?.cancel()
    if let failure = didRun(teardowns[index], .timedOut, started) {
      state.withLock { $0.failures.append(failure) }
    }
    advance(generation: generation, onDispatchThread: false)
  }

  private func finish(with failures: [CleanSlateError]) {
    let (continuation, finished) = state.withLock { state in
      defer { state.continuation = nil }
      state.result = failures
      return (state.continuation, state.finishedSignal)
    }
    timer.cancel()
    finished?.signal()
    continuation?.resume(returning: failures)
  }
}

/// How a time-limited step ended.
enum TimeLimitedOutcome: Sendable {
  case finished(Result<Void, any Error>)
  case timedOut
}

extension TimeLimitedOutcome {
  /// Whether the step was abandoned for running past its limit.
  var timedOut: Bool {
    if case .timedOut = self { return true }
    return false
  }
}

/// A dispatch timer, created when first armed, re-armed for each teardown, cancelled at the end.
private final class TimerHandle: Sendable {
  private struct State {
    var handler: (@Sendable () -> Void)?
    var source: (any DispatchSourceTimer)?
    var cancelled = false
  }

  private let state = Locked(State())

  func setHandler(_ handler: @escaping @Sendable () -> Void) {
    state.withLock { $0.handler = handler }
  }

  func arm(after limit: Duration) {
    state.withLock { state in
      guard !state.cancelled else { return }
      if let source = state.source {
        source.schedule(deadline: .now() + limit.dispatchInterval, leeway: .milliseconds(1))
        return
      }
      let source = DispatchSource.makeTimerSource(queue: .global())
      if let handler = state.handler { source.setEventHandler(handler: handler) }
      source.schedule(deadline: .now() + limit.dispatchInterval, leeway: .milliseconds(1))
      source.resume()
      state.source = source
    }
  }

  func cancel() {
    state.withLock { state in
      state.cancelled = true
      state.source?.cancel()
      state.source = nil
      state.handler = nil
    }
  }
}
