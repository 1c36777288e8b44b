public import Dispatch

/// Tracking GCD work with labels.
extension WorkTracker {
  /// Submits a block to a dispatch queue and counts it until it returns.
  ///
  /// ```swift
  /// tracker.async("parse feed", on: parsingQueue) { parser.parse(data) }
  /// ```
  ///
  /// Inside the block, ``current`` is this tracker. GCD work cannot be cancelled: if it still
  /// runs when a test's wait gives up, it is reported by `label`, at the line that called this
  /// method, and left to finish.
  ///
  /// - Parameters:
  ///   - label: Names the work in failure messages.
  ///   - queue: The queue to run the block on.
  ///   - qos: The block's quality of service.
  ///   - flags: The block's dispatch flags.
  ///   - work: The block.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  public func async(
    _ label: String,
    on queue: DispatchQueue,
    qos: DispatchQoS = .unspecified,
    flags: DispatchWorkItemFlags = [],
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    execute work: @escaping @Sendable @convention(block) () -> Void
  ) {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let id = register(label, at: location, isTask: false)
    queue.async(qos: qos, flags: flags) { [self] in
      Self.$runningIn.withValue(self) { work() }
      finish(id)
    }
  }

  /// Counts work that ends with a callback, until ``Token/leave()`` — the labelled form of
  /// `group.enter()` … `group.leave()` around a callback API, such as Core Data's `perform`.
  ///
  /// ```swift
  /// let token = tracker.enter("save")
  /// context.perform {
  ///   try? context.save()
  ///   token.leave()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - label: Names the work in failure messages.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  /// - Returns: The token to leave with once the work is done.
  public func enter(
    _ label: String,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Token {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return Token(tracker: self, id: register(label, at: location, isTask: false))
  }

  /// Work counted by ``WorkTracker/enter(_:fileID:filePath:line:column:)`` until it leaves.
  public final class Token: Sendable {
    private let tracker: WorkTracker
    private let id: Int
    private let left = Locked(false)

    init(tracker: WorkTracker, id: Int) {
      self.tracker = tracker
      self.id = id
    }

    /// Counts the work as finished. Leaving again does nothing.
    public func leave() {
      let first = left.withLock { left in
        defer { left = true }
        return !left
      }
      if first { tracker.finish(id) }
    }
  }
}
