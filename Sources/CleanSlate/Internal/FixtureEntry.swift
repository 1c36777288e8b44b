/// One fixture's value inside one scope instance: pending while its setup runs, then done.
///
/// The first test that asks for a fixture runs its setup; every other asker waits on the entry
/// (single flight) and receives the same value or the same failure.
final class FixtureEntry: Sendable {
  typealias Outcome = Result<any Sendable, Failure>

  /// A setup that failed: the failure, and whether it was recorded already (a dependency's,
  /// recorded where it happened).
  struct Failure: Error {
    let error: CleanSlateError
    let isRecorded: Bool
  }

  let name: String
  /// The fixture's scope and where it is declared, for the report of a test that hangs.
  let scope: FixtureScope
  let declaration: CodeLocation
  private let state = Locked<State>(.pending([]))

  private enum State {
    case pending([CheckedContinuation<Outcome, Never>])
    case done(Outcome)
  }

  /// The test that asked first and so ran the setup, for pointing later failures at it.
  let firstTestName: String?
  /// When the entry was made: when its setup began, for the setup's duration in the trace.
  let began = ContinuousClock.now

  deinit { LiveObjects.freed(.fixtureEntry) }

  init(
    name: String, scope: FixtureScope, declaration: CodeLocation, firstTestName: String?
  ) {
    LiveObjects.made(.fixtureEntry)
    self.name = name
    self.scope = scope
    self.declaration = declaration
    self.firstTestName = firstTestName
  }

  /// The outcome, if setup has finished.
  var outcome: Outcome? {
    state.withLock { state in
      if case .done(let outcome) = state { return outcome }
      return nil
    }
  }

  /// Records the outcome of setup and wakes every waiter.
  func complete(_ outcome: Outcome) {
    let waiters = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
      guard case .pending(let waiters) = state else { return [] }
      state = .done(outcome)
      return waiters
    }
    for waiter in waiters { waiter.resume(returning: outcome) }
  }

  /// Waits until setup has finished. Waiting is not cut short by cancellation: the value is
  /// shared, and the task that runs setup decides its fate.
  func wait() async -> Outcome {
    if let outcome { return outcome }
    return await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Outcome? in
        switch state {
        case .pending(var waiters):
          waiters.append(continuation)
          state = .pending(waiters)
          return nil
        case .done(let outcome):
          return outcome
        }
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
