import Dispatch

/// Runs one teardown so that it can be abandoned: async bodies in a task of their own,
/// synchronous ones on a global dispatch queue (a body that blocks its thread then holds a
/// dispatch thread, not one of Swift concurrency's few cooperative threads).
enum TimeLimitedRun {
  enum Outcome: Sendable {
    case finished(Result<Void, any Error>)
    case timedOut
  }

  static func run(_ body: Teardown.Body, limit: Duration) async -> Outcome {
    await withCheckedContinuation { continuation in
      let gate = ResumeOnce(continuation)
      let cancelWork: @Sendable () -> Void
      switch body {
      case .async(let body):
        let task = Task { gate.resume(.finished(await Result.capturing { try await body() })) }
        cancelWork = { task.cancel() }
      case .sync(let body):
        DispatchQueue.global().async { gate.resume(.finished(Result { try body() })) }
        cancelWork = {}
      }
      let timer = DispatchWorkItem {
        if gate.resume(.timedOut) { cancelWork() }
      }
      let cancellableTimer = CancellableWorkItem(timer)
      gate.onResume { cancellableTimer.cancel() }
      DispatchQueue.global().asyncAfter(deadline: .now() + limit.dispatchInterval, execute: timer)
    }
  }
}

/// A work item whose only use across threads is `cancel()`, which Dispatch makes thread-safe.
private struct CancellableWorkItem: @unchecked Sendable {
  let item: DispatchWorkItem
  init(_ item: DispatchWorkItem) { self.item = item }
  func cancel() { item.cancel() }
}

/// Resumes a continuation exactly once, whoever comes first.
private final class ResumeOnce: Sendable {
  private struct State {
    var continuation: CheckedContinuation<TimeLimitedRun.Outcome, Never>?
    var afterResume: (@Sendable () -> Void)?
  }

  private let state: Locked<State>

  init(_ continuation: CheckedContinuation<TimeLimitedRun.Outcome, Never>) {
    state = Locked(State(continuation: continuation))
  }

  /// Registers an action to run once the continuation has been resumed.
  func onResume(_ action: @escaping @Sendable () -> Void) {
    let alreadyResumed = state.withLock { state -> Bool in
      guard state.continuation != nil else { return true }
      state.afterResume = action
      return false
    }
    if alreadyResumed { action() }
  }

  /// Resumes with `outcome` if nobody has yet; returns whether this call did.
  @discardableResult
  func resume(_ outcome: TimeLimitedRun.Outcome) -> Bool {
    let taken = state.withLock { state -> State in
      let taken = state
      state = State()
      return taken
    }
    guard let continuation = taken.continuation else { return false }
    continuation.resume(returning: outcome)
    taken.afterResume?()
    return true
  }
}

extension Duration {
  /// The duration as a dispatch interval, in nanoseconds.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if nanoseconds.overflow || nanoseconds.partialValue > Int64(Int.max) { return .never }
    return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
  }
}
