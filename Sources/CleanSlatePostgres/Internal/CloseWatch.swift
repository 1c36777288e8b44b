#if Postgres
  internal import NIOCore
  internal import PostgresNIO

  /// Calls back the operations waiting on a connection when it closes, with one callback on the
  /// connection's close however many operations it serves.
  ///
  /// A callback added to `closeFuture` stays until the connection closes; one per operation would
  /// pile up on the long-lived connections of transaction mode, one per test. Here each
  /// operation's callback is removed when the operation ends.
  enum CloseWatch {
    /// One operation's callback, to remove when the operation ends.
    struct Token: Sendable {
      fileprivate let connection: ObjectIdentifier
      fileprivate let id: Int
    }

    private struct Waiting {
      var callbacks: [ObjectIdentifier: [Int: @Sendable () -> Void]] = [:]
      var nextID = 0
    }

    private static let waiting = LockedValue(Waiting())

    /// Calls `callback` once `connection` has closed (at once if it has), unless removed first.
    static func add(
      on connection: PostgresConnection, _ callback: @escaping @Sendable () -> Void
    ) -> Token {
      let key = ObjectIdentifier(connection)
      let (token, first) = waiting.withLock { state in
        let id = state.nextID
        state.nextID += 1
        let first = state.callbacks[key] == nil
        state.callbacks[key, default: [:]][id] = callback
        return (Token(connection: key, id: id), first)
      }
      if first {
        connection.closeFuture.whenComplete { _ in
          let callbacks = waiting.withLock { $0.callbacks.removeValue(forKey: key) } ?? [:]
          for callback in callbacks.values { callback() }
        }
      }
      return token
    }

    /// Forgets the callback of an operation that ended.
    static func remove(_ token: Token) {
      waiting.withLock { state in
        state.callbacks[token.connection]?[token.id] = nil
      }
    }

    /// How many callbacks wait on `connection`: for the tests.
    static func count(on connection: PostgresConnection) -> Int {
      waiting.withLock { $0.callbacks[ObjectIdentifier(connection)]?.count ?? 0 }
    }
  }
#endif
