import Dispatch

/// The bookkeeping behind a ``WorkTracker``: the labelled work running, and who waits for none.
///
/// Idleness is noticed where it happens — when the last tracked work finishes, or when
/// `DispatchGroup.notify` says the group emptied — and the waiters are resumed right there.
/// Nothing polls.
extension WorkTracker {
  struct State {
    var timeout: Duration
    var nextID = 0
    /// Bumped by every start, so a check that spans two lock sections can tell that nothing
    /// began in between.
    var generation = 0
    var running: [Int: Work] = [:]
    var waiters: [Int: Waiter] = [:]
    /// Waits whose task was cancelled before they registered their continuation.
    var cancelledWaits: Set<Int> = []
    var groupNotifyArmed = false

    init(timeout: Duration) { self.timeout = timeout }

    /// Marks the work for cancellation and returns how to cancel it, if it can be cancelled now.
    mutating func requestCancel(of id: Int) -> (@Sendable () -> Void)? {
      guard running[id] != nil else { return nil }
      running[id]?.cancelRequested = true
      return running[id]?.cancel
    }
  }

  struct Work {
    let label: String
    let location: CodeLocation
    let isTask: Bool
    var cancel: (@Sendable () -> Void)?
    var cancelRequested = false
  }

  struct Waiter {
    let continuation: CheckedContinuation<Bool, Never>
    var timer: Task<Void, Never>?
  }

  // MARK: - Work

  /// Counts new work as running; it counts until ``finish(_:)``.
  func register(_ label: String, at location: CodeLocation, isTask: Bool) -> Int {
    state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.generation += 1
      state.running[id] = Work(label: label, location: location, isTask: isTask)
      return id
    }
  }

  /// Gives running work its way to be cancelled; cancels at once if that was already asked for.
  func attachCancel(to id: Int, _ cancel: @escaping @Sendable () -> Void) {
    let cancelNow = state.withLock { state -> Bool in
      guard state.running[id] != nil else { return false }
      state.running[id]?.cancel = cancel
      return state.running[id]?.cancelRequested ?? false
    }
    if cancelNow { cancel() }
  }

  /// Counts the work as finished, and resumes the waiters if it was the last.
  func finish(_ id: Int) {
    let lastWithWaiters = state.withLock { state -> Bool in
      state.running[id] = nil
      return state.running.isEmpty && !state.waiters.isEmpty
    }
    if lastWithWaiters { resumeWaitersIfIdle() }
  }

  // MARK: - Waiting

  /// Waits until no work runs, or `timeout` passes; returns whether the tracker became idle.
  /// Returns `false` at once when the waiting task is cancelled.
  func waitForIdle(timeout: Duration) async -> Bool {
    if isIdle { return true }
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let cancelledAlready = state.withLock { state -> Bool in
          if state.cancelledWaits.remove(id) != nil { return true }
          state.waiters[id] = Waiter(continuation: continuation)
          return false
        }
        if cancelledAlready { return continuation.resume(returning: false) }
        let timer = Task { [self] in
          try? await Task.sleep(for: timeout)
          if !Task.isCancelled { resumeWaiter(id, idle: false) }
        }
        let resumedAlready = state.withLock { state -> Bool in
          guard state.waiters[id] != nil else { return true }
          state.waiters[id]?.timer = timer
          return false
        }
        if resumedAlready { timer.cancel() }
        resumeWaitersIfIdle()
      }
    } onCancel: {
      let waiting = state.withLock { state -> Bool in
        if state.waiters[id] != nil { return true }
        state.cancelledWaits.insert(id)
        return false
      }
      if waiting { resumeWaiter(id, idle: false) }
    }
  }

  private func resumeWaiter(_ id: Int, idle: Bool) {
    guard let waiter = state.withLock({ $0.waiters.removeValue(forKey: id) }) else { return }
    waiter.continuation.resume(returning: idle)
    waiter.timer?.cancel()
  }

  /// Resumes every waiter if no labelled work runs and the group is empty; otherwise leaves it
  /// to the next event: the last work finishing, or the group's notification.
  func resumeWaitersIfIdle() {
    let generation = state.withLock { state -> Int? in
      state.running.isEmpty && !state.waiters.isEmpty ? state.generation : nil
    }
    guard let generation else { return }
    guard groupIsEmpty else { return armGroupNotification() }
    // Nothing started since the first look and the group was empty in between: idle.
    let waiters = state.withLock { state -> [Waiter] in
      guard state.running.isEmpty, state.generation == generation else { return [] }
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters {
      waiter.continuation.resume(returning: true)
      waiter.timer?.cancel()
    }
  }

  /// A queue of its own, so the notification is not held up when the code under test blocks
  /// the few threads that serve the global queues.
  private static let notificationQueue = DispatchQueue(label: "CleanSlate.WorkTracker.group")

  private func armGroupNotification() {
    let arms = state.withLock { state -> Bool in
      defer { state.groupNotifyArmed = true }
      return !state.groupNotifyArmed
    }
    guard arms else { return }
    group.notify(queue: Self.notificationQueue) { [self] in
      state.withLock { $0.groupNotifyArmed = false }
      resumeWaitersIfIdle()
    }
  }
}
