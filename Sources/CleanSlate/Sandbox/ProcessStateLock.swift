/// An asynchronous lock, granted first come, first served, that never blocks a thread: a waiter
/// is a suspended task, resumed when its turn comes.
///
/// ``shared`` serializes the tests that change process-global state (the environment, the
/// current directory, the standard `UserDefaults`): each takes it during its first such
/// fixture's setup and gives it back in its last teardown, after everything was restored.
package final class ProcessStateLock: Sendable {
  /// The lock held by the test that is changing process-global state.
  package static let shared = ProcessStateLock()

  private let state = Locked(State())

  private struct State {
    var isHeld = false
    var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    var lastID: UInt64 = 0
  }

  package init() {}

  /// How many tasks are waiting for the lock.
  package var waiterCount: Int { state.withLock { $0.waiters.count } }

  /// Waits for the lock, behind everyone who asked before.
  ///
  /// - Throws: `CancellationError` if the task is cancelled while waiting; it then does not hold
  ///   the lock.
  package func acquire() async throws {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          if Task.isCancelled { return .failure(CancellationError()) }
          if !state.isHeld {
            state.isHeld = true
            return .success(())
          }
          state.waiters.append((id, continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
      }
      waiter?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Gives the lock back, handing it to the longest waiter if there is one.
  package func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      guard !state.waiters.isEmpty else {
        state.isHeld = false
        return nil
      }
      return state.waiters.removeFirst().continuation
    }
    next?.resume()
  }
}

extension Fixture where Value == Void {
  /// Holds ``ProcessStateLock/shared`` for the rest of the test. Every fixture that changes
  /// process-global state uses it first, so its teardown (the release) runs after all of theirs.
  static var processStateLock: Fixture<Void> { processStateLockFixture }
}

private let processStateLockFixture = Fixture<Void>("process state lock") { context in
  try await ProcessStateLock.shared.acquire()
  context.addTeardown { ProcessStateLock.shared.release() }
}
