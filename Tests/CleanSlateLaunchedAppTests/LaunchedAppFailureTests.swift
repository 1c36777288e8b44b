#if LaunchedApp
  import CleanSlate
  import CleanSlateLaunchedApp
  import CleanSlateTestSupport
  import Foundation
  import Testing

  /// A launched app that fails — never ready, crashing, missing — fails its test with the app's
  /// output, and leaves no process behind.
  @Suite struct LaunchedAppFailureTests {
    @Test func anAppThatNeverGetsReadyFailsTheSetupWithItsOutputAndIsStopped() async throws {
      // Given an app that never prints its ready line, and a short ready timeout
      let app = Fixture.launchedApp(
        "hangingApp", testApp("hang", readyTimeout: .milliseconds(200)))
      let test = makeTestScope()

      // When a test uses it
      let error = await #expect(throws: FixtureUnavailable.self) {
        try await test.use(app, at: CodeLocation())
      }?.failure
      let failures = await test.endCollectingFailures()

      // Then setup failed once, saying what it waited for and showing the app's output
      #expect(error?.code == .appNotReady)
      let message = error?.description ?? ""
      #expect(message.contains("did not become ready within 0.2 seconds"))
      #expect(message.contains("a line containing 'ready'"))
      #expect(message.contains("  | starting, but never getting there"))
      #expect(failures.isEmpty)
      #expect(error.flatMap(Self.processIdentifier).map(processExists) == false)
    }

    @Test func anAppThatCrashesBeforeItIsReadyFailsTheSetupNamingTheSignal() async throws {
      // Given an app that aborts while starting
      let app = Fixture.launchedApp("crashingApp", testApp("crash"))
      let test = makeTestScope()

      // When a test uses it
      let error = await #expect(throws: FixtureUnavailable.self) {
        try await test.use(app, at: CodeLocation())
      }?.failure
      await test.end()

      // Then setup failed with how it ended and what it printed
      #expect(error?.code == .appNotReady)
      let message = error?.description ?? ""
      #expect(message.contains("ended before it became ready: it crashed with signal 6 (SIGABRT)"))
      #expect(message.contains("  | about to crash"))
    }

    @Test func anAppThatCrashesDuringTheTestFailsTheTest() async throws {
      // Given a ready app
      let app = Fixture.launchedApp("fragileApp", testApp("ready"))
      let test = makeTestScope()
      let launched = try await test.use(app, at: CodeLocation())

      // When it crashes during the test, and the test ends
      try await launched.send("crash")
      try await launched.waitForExit()
      let failures = await test.endCollectingFailures()

      // Then the teardown reports the crash with the app's output, and the process is gone
      #expect(failures.map(\.code) == [.appCrashed])
      let message = failures.first?.description ?? ""
      #expect(message.contains("crashed with signal 6 (SIGABRT) during the test"))
      #expect(message.contains("  | crashing on request"))
      #expect(failures.first?.fixture == "fragileApp")
      #expect(test.hasFailed)
      #expect(!processExists(launched.processIdentifier))
    }

    @Test func anAppThatExitsWithAFailureStatusFailsTheTest() async throws {
      // Given a ready app
      let app = Fixture.launchedApp("quittingApp", testApp("ready"))
      let test = makeTestScope()
      let launched = try await test.use(app, at: CodeLocation())

      // When it exits with status 3 during the test
      try await launched.send("exit 3")
      try await launched.waitForExit()
      let failures = await test.endCollectingFailures()

      // Then the test fails, naming the status
      #expect(failures.map(\.code) == [.appCrashed])
      #expect(
        failures.map(\.summary) == [
          "App 'quittingApp' (pid \(launched.processIdentifier)) exited with code 3 during the test."
        ])
    }

    @Test func noProcessOutlivesAFailingTest() async throws {
      // Given a ready app used by a test (its output, printed when a test fails, is not needed)
      var configuration = testApp("ready")
      configuration.printsOutputWhenTestFails = false
      let app = Fixture.launchedApp("survivorApp", configuration)
      let test = makeTestScope()
      let launched = try await test.use(app, at: CodeLocation())
      #expect(processExists(launched.processIdentifier))

      // When the test fails, then ends
      test.markFailed()
      let failures = await test.endCollectingFailures()

      // Then the app was stopped cleanly and no process with its id is left
      #expect(failures.isEmpty)
      #expect(!processExists(launched.processIdentifier))
    }

    @Test func aMissingExecutableFailsTheSetupClearly() async throws {
      // Given a configuration naming an executable that does not exist
      let missing = URL(fileURLWithPath: "/nonexistent/cleanslate/NoSuchApp")
      let app = Fixture.launchedApp("missingApp", LaunchedApp.Configuration(executable: missing))
      let test = makeTestScope()

      // When a test uses it
      let error = await #expect(throws: FixtureUnavailable.self) {
        try await test.use(app, at: CodeLocation())
      }?.failure
      let failures = await test.endCollectingFailures()

      // Then setup failed, naming the path
      #expect(error?.code == .appLaunchFailed)
      #expect(
        error?.summary
          == "App 'missingApp' could not be launched from \(missing.path): Executable \"\(missing.path)\" is not found or cannot be executed."
      )
      #expect(failures.isEmpty)
    }

    /// The process id in a failure's summary, as `(pid 1234)`.
    private static func processIdentifier(in error: CleanSlateError) -> Int32? {
      guard let range = error.summary.range(of: "(pid ") else { return nil }
      return Int32(error.summary[range.upperBound...].prefix { $0.isNumber })
    }
  }
#endif
