import Foundation

/// A value guarded by a lock: the engine's one way to share mutable state between threads.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and iOS 18; this works wherever
/// Foundation does.
package final class Locked<State>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  package init(_ state: State) { self.state = state }

  /// Runs `body` with exclusive access to the state.
  package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}

extension Locked where State: Sendable {
  /// A copy of the current state.
  package var value: State { withLock { $0 } }
}
