#if HTTP
  import CleanSlate

  extension FakeServer {
    /// Starts listening on 127.0.0.1 and an ephemeral port.
    func start() throws {
      let loopback = try LoopbackServer(answering: self)
      state.withLock { $0.loopback = loopback }
    }

    /// Stops answering: cancels the handlers still running, closes the port and every
    /// connection, and blocks until they are closed; then throws what went wrong since the body
    /// ended (requests no route matched, handlers that failed), as one failure.
    func stop() throws {
      let (loopback, handlers) = state.withLock { state in
        state.stopped = true
        defer { state.handlerTasks = [:] }
        return (state.loopback, Array(state.handlerTasks.values))
      }
      for handler in handlers { handler.cancel() }
      loopback?.stop()
      if let late = CleanSlateError(combining: takeFailures()) { throw late }
    }

    /// Whether the server has stopped.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Runs an `async` handler in a task of its own, cancelled if the server stops first.
    func runHandler(_ operation: @escaping @Sendable () async -> Void) {
      state.withLock { state in
        guard !state.stopped else { return }
        let id = state.nextTaskID
        state.nextTaskID += 1
        state.handlerTasks[id] = Task {
          await operation()
          // Runs after the insertion: the lock is held until the task is registered.
          _ = self.state.withLock { $0.handlerTasks.removeValue(forKey: id) }
        }
      }
    }
  }

  extension CleanSlateError {
    /// One failure for several, found together (a teardown reports only one): the first, with the
    /// others' messages after its own; `nil` for none.
    init?(combining failures: [CleanSlateError]) {
      guard var first = failures.first else { return nil }
      for other in failures.dropFirst() {
        first.summary += "\n  and, \(other.location): \(other.summary)"
      }
      self = first
    }
  }
#endif
