import CleanSlate

/// A value that is set once; tasks waiting for it resume when it is (no polling).
package final class Gate<Value: Sendable>: Sendable {
  private enum State {
    case closed([CheckedContinuation<Value, Never>])
    case open(Value)
  }

  private let state = Locked(State.closed([]))

  package init() {}

  /// The value, once set.
  package var value: Value? {
    state.withLock { state in
      if case .open(let value) = state { return value }
      return nil
    }
  }

  /// Sets the value and wakes every waiter; later calls do nothing.
  package func open(with value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
      guard case .closed(let waiters) = state else { return [] }
      state = .open(value)
      return waiters
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// Waits until the value is set.
  package func wait() async -> Value {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Value? in
        switch state {
        case .closed(var waiters):
          waiters.append(continuation)
          state = .closed(waiters)
          return nil
        case .open(let value):
          return value
        }
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
