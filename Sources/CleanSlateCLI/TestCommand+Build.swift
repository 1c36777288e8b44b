import ArgumentParser
import CleanSlateRunner
import CleanSlateTestProcess

extension TestCommand {
  /// Builds `package`'s tests, the build said to `events`; a signal `signals` hears meanwhile
  /// ends the build, and `cleanslate` with 128 + the signal: no test ran, so there is nothing to
  /// report.
  func build(_ package: TestPackage, signals: SignalStop, events: SessionEvents) async throws {
    events.send(.note("Building the tests: \(package.buildInvocation)"))
    let build = LaunchInterruption()
    signals.stops(build)
    do {
      try await package.build(interruption: build)
    } catch let stop as LaunchInterrupted {
      events.send(.note("The build was interrupted by \(SignalName.of(stop.signal)): no test ran."))
      throw ExitCode(128 + stop.signal)
    }
  }
}
