extension FakeServer {
  /// Starts listening on 127.0.0.1 and an ephemeral port.
  func start() async throws {
    let loopback = try await LoopbackServer.start(answering: self)
    state.withLock { $0.loopback = loopback }
  }

  /// Stops answering: cancels the handlers still running, closes the port and every connection.
  func stop() async {
    let (loopback, handlers) = state.withLock { state in
      state.stopped = true
      defer { state.handlerTasks = [:] }
      return (state.loopback, Array(state.handlerTasks.values))
    }
    for handler in handlers { handler.cancel() }
    await loopback?.stop()
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
