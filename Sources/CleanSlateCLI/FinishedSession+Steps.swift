import CleanSlateRunner

extension FinishedSession {
  /// Runs `body`, the step `name` of the session after its tests ran; when it throws, the session
  /// goes on without it, and the stop is the session's (``stop(_:events:)``).
  mutating func step(
    _ name: String, events: SessionEvents, _ body: () async throws -> Void
  ) async {
    do {
      try await body()
    } catch {
      stop(StoppedStep(name, error: error), events: events)
    }
  }

  /// Takes in that a step stopped, and tells every report (``SessionEvent/stepStopped(_:)``).
  mutating func stop(_ stopped: StoppedStep, events: SessionEvents) {
    self.stopped.append(stopped)
    events.send(.stepStopped(stopped))
  }
}
