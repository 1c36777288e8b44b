#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value guarded by a lock: the engine's one way to share mutable state between threads.
///
/// The lock and the value live in one allocation (`os_unfair_lock` on Apple platforms, a
/// `pthread_mutex_t` elsewhere). `Synchronization.Mutex` would do, but it needs macOS 15 and
/// iOS 18, and `NSLock` costs an extra object per scope and per fixture on the hot path.
package final class Locked<State>: @unchecked Sendable {
  private let buffer: LockBuffer<State>

  package init(_ state: State) {
    buffer = LockBuffer.create(state)
  }

  /// Runs `body` with exclusive access to the state.
  package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    try buffer.withLock(body)
  }
}

extension Locked where State: Sendable {
  /// A copy of the current state.
  package var value: State { withLock { $0 } }
}

#if canImport(Darwin)
  private typealias LockPrimitive = os_unfair_lock
#else
  private typealias LockPrimitive = pthread_mutex_t
#endif

/// The state as the header of a buffer whose single element is the lock.
private final class LockBuffer<State>: ManagedBuffer<State, LockPrimitive> {
  static func create(_ state: State) -> LockBuffer<State> {
    let buffer = Self.create(minimumCapacity: 1) { _ in state } as! LockBuffer<State>
    buffer.withUnsafeMutablePointerToElements { lock in
      #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
      #else
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
      #endif
    }
    return buffer
  }

  deinit {
    withUnsafeMutablePointerToElements { lock in
      #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
      #endif
      _ = lock.deinitialize(count: 1)
    }
  }

  func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    try withUnsafeMutablePointers { state, lock in
      #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
      #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
      #endif
      return try body(&state.pointee)
    }
  }
}
