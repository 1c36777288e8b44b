#if LaunchedApp
  import CleanSlate
  import CleanSlateLaunch
  import Foundation

  extension LaunchedApp {
    /// Launches the app for the fixture being set up, registers its teardown, and waits until it
    /// is ready.
    static func launch(
      _ configuration: Configuration, in context: FixtureContext, location: CodeLocation
    ) async throws -> LaunchedApp {
      let name = context.fixtureName
      let request = configuration.resetsOnLaunch ? LaunchResetRequest() : nil
      var environment = configuration.environment
      for (variable, value) in request?.environment ?? [:] { environment[variable] = value }
      let process: AppProcess
      do {
        process = try await AppProcess.start(
          executable: configuration.executable.path,
          arguments: configuration.arguments + (request?.arguments ?? []),
          environment: environment,
          workingDirectory: configuration.workingDirectory?.path,
          gracePeriod: configuration.gracePeriod,
          keptLines: configuration.keptOutputLines)
      } catch {
        throw CleanSlateError(
          .appLaunchFailed,
          summary:
            "App '\(name)' could not be launched from \(configuration.executable.path): \(error)",
          fixture: name, dependencyPath: context.dependencyPath, location: location,
          underlying: error,
          advice:
            "Check that the executable is built and the path is right; LaunchedApp.builtProduct(_:) finds an executable built with the tests."
        )
      }
      let app = LaunchedApp(
        name: name, process: process, configuration: configuration, resetRequest: request,
        dependencyPath: context.dependencyPath, location: location)
      let teardownLimit = max(
        configuration.gracePeriod + .seconds(5), CleanSlateDefaults.teardownTimeout)
      context.addTeardown(timeout: teardownLimit) {
        try await app.stopAndCheck()
        if context.testFailed && configuration.printsOutputWhenTestFails {
          app.printOutputIfNotShown()
        }
      }
      try await app.waitUntilReady()
      return app
    }

    /// Waits for the configured readiness; if it does not come, stops the app and throws a
    /// failure that shows how it ended and what it printed.
    private func waitUntilReady() async throws {
      let readiness = configuration.readiness
      let timeout = configuration.readyTimeout
      let result: OutputLog.WaitResult
      switch readiness.kind {
      case .immediately:
        return
      case .line(_, let matches):
        result = await process.log.waitForLine(timeout: timeout, where: matches)
      case .port(let port):
        result = await waitForConnection(to: port, timeout: timeout)
      }
      if case .matched = result { return }
      let outcome = await process.stop()
      markExitChecked()
      let how: String
      switch outcome {
      case .success(let status): how = status.summary
      case .failure(let error): how = "could not be watched: \(error)"
      }
      let summary =
        result.isTimeout
        ? "App '\(name)' (pid \(processIdentifier)) did not become ready within \(timeout): it was waited for to show \(readiness), then stopped (\(how))."
        : "App '\(name)' (pid \(processIdentifier)) ended before it became ready: it \(how)."
      throw failure(.appNotReady, summary)
    }

    /// Tries to connect every 10 ms (the port cannot announce itself), until it works, the app's
    /// output ends, or `timeout` passes.
    private func waitForConnection(to port: UInt16, timeout: Duration) async -> OutputLog.WaitResult
    {
      let deadline = ContinuousClock.now + timeout
      while ContinuousClock.now < deadline {
        if PortProbe.accepts(port: port) { return .matched("127.0.0.1:\(port)") }
        if process.log.hasEnded { return .ended }
        try? await Task.sleep(for: .milliseconds(10))
      }
      return .timedOut
    }
  }
#endif
