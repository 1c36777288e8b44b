import CleanSlate

/// One of a session's reports: it hears every event as it happens, and writes what it writes when
/// it hears ``SessionEvent/finished``.
package protocol SessionReporter: Sendable {
  /// Hears `event`; throws ``RunnerError`` when it cannot write what it writes then.
  func receive(_ event: SessionEvent) throws(RunnerError)
}

/// Where a session's events go: to each of its reporters, in order.
///
/// A reporter that cannot write its file does not keep the others from hearing an event: what
/// went wrong is kept, and ``finish()`` throws it once every reporter has heard the last event.
package struct SessionEvents: Sendable {
  /// The reporters.
  package var reporters: [any SessionReporter]
  /// What reporters could not write, in order.
  private let failures = Locked<[RunnerError]>([])

  /// Events for `reporters`; none by default.
  package init(_ reporters: [any SessionReporter] = []) {
    self.reporters = reporters
  }

  /// Sends `event` to every reporter.
  package func send(_ event: SessionEvent) {
    for reporter in reporters {
      do {
        try reporter.receive(event)
      } catch {
        failures.withLock { $0.append(error) }
      }
    }
  }

  /// Sends ``SessionEvent/finished`` to every reporter, then throws what any reporter could not
  /// write (every such sentence, a line each).
  package func finish() throws(RunnerError) {
    send(.finished)
    let failed = failures.value
    guard let first = failed.first else { return }
    guard failed.count > 1 else { throw first }
    throw RunnerError(.cannotWrite, failed.map(\.description).joined(separator: "\n"))
  }
}
