/// Tracking Swift tasks.
extension WorkTracker {
  /// Starts a task that this tracker counts until it finishes.
  ///
  /// ```swift
  /// tracker.start("sync contacts") { await contacts.sync() }
  /// ```
  ///
  /// Inside the task, ``current`` is this tracker, so work it starts through
  /// `WorkTracker.current` is tracked too. If the task still runs when a test's wait gives up,
  /// it is reported by `label`, at the line that called this method, and cancelled.
  ///
  /// - Parameters:
  ///   - label: Names the work in failure messages.
  ///   - priority: The task's priority.
  ///   - operation: The work.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  /// - Returns: The task, to await or cancel as usual.
  @discardableResult
  public func start<Success: Sendable>(
    _ label: String,
    priority: TaskPriority? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    operation: sending @escaping @isolated(any) () async -> Success
  ) -> Task<Success, Never> {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let id = register(label, at: location, isTask: true)
    let task = Task(priority: priority) { [self] in
      defer { finish(id) }
      return await Self.$runningIn.withValue(self) { await operation() }
    }
    attachCancel(to: id) { task.cancel() }
    return task
  }

  /// Starts a throwing task that this tracker counts until it finishes.
  ///
  /// ```swift
  /// tracker.start("upload") { try await client.upload(file) }
  /// ```
  ///
  /// Inside the task, ``current`` is this tracker, so work it starts through
  /// `WorkTracker.current` is tracked too. If the task still runs when a test's wait gives up,
  /// it is reported by `label`, at the line that called this method, and cancelled.
  ///
  /// - Parameters:
  ///   - label: Names the work in failure messages.
  ///   - priority: The task's priority.
  ///   - operation: The work.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  /// - Returns: The task, to await or cancel as usual.
  @discardableResult
  public func start<Success: Sendable>(
    _ label: String,
    priority: TaskPriority? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    operation: sending @escaping @isolated(any) () async throws -> Success
  ) -> Task<Success, any Error> {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let id = register(label, at: location, isTask: true)
    let task = Task(priority: priority) { [self] in
      defer { finish(id) }
      return try await Self.$runningIn.withValue(self) { try await operation() }
    }
    attachCancel(to: id) { task.cancel() }
    return task
  }

  /// Counts a task that already exists until it finishes.
  ///
  /// ```swift
  /// let task = Task { await indexer.rebuild() }
  /// tracker.track(task, label: "rebuild index")
  /// ```
  ///
  /// Work the task starts is not tracked unless it goes through a tracker: a task started
  /// elsewhere does not see this tracker as ``current``.
  ///
  /// - Parameters:
  ///   - task: The task to count.
  ///   - label: Names the work in failure messages.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  /// - Returns: The same task.
  @discardableResult
  public func track<Success, Failure>(
    _ task: Task<Success, Failure>,
    label: String,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Task<Success, Failure> {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let id = register(label, at: location, isTask: true)
    attachCancel(to: id) { task.cancel() }
    Task { [self] in
      _ = await task.result
      finish(id)
    }
    return task
  }
}
