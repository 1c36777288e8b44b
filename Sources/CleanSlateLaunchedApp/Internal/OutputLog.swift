#if LaunchedApp
  internal import CleanSlate

  /// The lines an app printed (standard output and error, interleaved as written), and the tasks
  /// waiting for a line: they are woken by the line itself, never by polling.
  final class OutputLog: Sendable {
    /// How a wait for a line ended.
    enum WaitResult: Sendable {
      case matched(String)
      case ended
      case timedOut
    }

    private struct Waiter {
      let matches: @Sendable (String) -> Bool
      let continuation: CheckedContinuation<WaitResult, Never>
    }

    private struct State {
      var lines: [String] = []
      var droppedLines = 0
      var ended = false
      var nextWaiterID = 0
      var waiters: [Int: Waiter] = [:]
    }

    private let state = Locked(State())
    private let keptLines: Int

    /// - Parameter keptLines: How many of the latest lines are kept; older ones are counted only.
    init(keptLines: Int) {
      self.keptLines = max(1, keptLines)
    }

    /// The lines kept so far, oldest first.
    var lines: [String] { state.withLock { $0.lines } }

    /// How many early lines were dropped to keep the log within its limit.
    var droppedLines: Int { state.withLock { $0.droppedLines } }

    /// Whether the app's output has ended (it exited or closed it).
    var hasEnded: Bool { state.withLock { $0.ended } }

    /// Records a line and wakes every waiter it matches.
    func append(_ line: String) {
      let woken = state.withLock { state -> [CheckedContinuation<WaitResult, Never>] in
        state.lines.append(line)
        if state.lines.count > keptLines {
          state.lines.removeFirst()
          state.droppedLines += 1
        }
        let matched = state.waiters.filter { $0.value.matches(line) }
        for id in matched.keys { state.waiters[id] = nil }
        return matched.values.map(\.continuation)
      }
      for continuation in woken { continuation.resume(returning: .matched(line)) }
    }

    /// Records that no more output will come, and wakes every waiter.
    func end() {
      let woken = state.withLock { state -> [Waiter] in
        state.ended = true
        defer { state.waiters = [:] }
        return Array(state.waiters.values)
      }
      for waiter in woken { waiter.continuation.resume(returning: .ended) }
    }

    /// Waits until a line matches, counting the lines already printed, or the output ends, or
    /// `timeout` passes.
    func waitForLine(
      timeout: Duration, where matches: @escaping @Sendable (String) -> Bool
    ) async -> WaitResult {
      let id = state.withLock { state -> Int in
        state.nextWaiterID += 1
        return state.nextWaiterID
      }
      var timer: Task<Void, Never>?
      defer { timer?.cancel() }
      return await withCheckedContinuation { continuation in
        let immediate = state.withLock { state -> WaitResult? in
          if let line = state.lines.first(where: matches) { return .matched(line) }
          if state.ended { return .ended }
          state.waiters[id] = Waiter(matches: matches, continuation: continuation)
          return nil
        }
        if let immediate {
          continuation.resume(returning: immediate)
        } else {
          // Started once the waiter is registered, so that it can always find it.
          timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.resume(id, with: .timedOut)
          }
        }
      }
    }

    private func resume(_ id: Int, with result: WaitResult) {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.continuation.resume(returning: result)
    }

    /// The kept lines as a block for a failure message, each line indented and marked.
    func excerpt(header: String) -> String {
      let (lines, dropped) = state.withLock { ($0.lines, $0.droppedLines) }
      guard !lines.isEmpty else { return "\(header): (no output)" }
      var block = ["\(header):"]
      if dropped > 0 { block.append("  | … \(dropped) earlier lines not kept") }
      block += lines.map { "  | \($0)" }
      return block.joined(separator: "\n")
    }
  }
#endif
