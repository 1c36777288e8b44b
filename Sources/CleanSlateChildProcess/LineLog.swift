import CleanSlate

/// The lines a child process prints, kept as they arrive; a reader waits (no polling) until the
/// lines read so far satisfy it, or the output ends.
final class LineLog: Sendable {
  private struct Waiter {
    let isSatisfied: @Sendable ([String]) -> Bool
    let continuation: CheckedContinuation<[String], Never>
  }

  private struct State {
    var lines: [String] = []
    var ended = false
    var waiters: [Waiter] = []
  }

  private let state = Locked(State())

  /// Adds a line and wakes the readers it satisfies.
  func append(_ line: String) {
    let ready = state.withLock { state -> [(CheckedContinuation<[String], Never>, [String])] in
      state.lines.append(line)
      let lines = state.lines
      var ready: [(CheckedContinuation<[String], Never>, [String])] = []
      state.waiters.removeAll { waiter in
        guard waiter.isSatisfied(lines) else { return false }
        ready.append((waiter.continuation, lines))
        return true
      }
      return ready
    }
    for (continuation, lines) in ready { continuation.resume(returning: lines) }
  }

  /// Marks the output ended and wakes every reader.
  func end() {
    let (waiters, lines) = state.withLock { state in
      state.ended = true
      defer { state.waiters = [] }
      return (state.waiters, state.lines)
    }
    for waiter in waiters { waiter.continuation.resume(returning: lines) }
  }

  /// The lines so far, once they satisfy `isSatisfied` or the output has ended.
  func lines(until isSatisfied: @escaping @Sendable ([String]) -> Bool) async -> [String] {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> [String]? in
        if state.ended || isSatisfied(state.lines) { return state.lines }
        state.waiters.append(Waiter(isSatisfied: isSatisfied, continuation: continuation))
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
