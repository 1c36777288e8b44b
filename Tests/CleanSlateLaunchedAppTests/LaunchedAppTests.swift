#if LaunchedApp
  import CleanSlate
  import CleanSlateLaunchedApp
  import CleanSlateTestSupport
  import Foundation
  import Testing

  /// The launched-app fixture: it launches the app asking for a reset, waits until it is ready,
  /// and stops it — with its process group — when the test ends, reporting a crash as a failure.
  @Suite struct LaunchedAppTests {
    @Test func launchesTheAppAskingItToResetAndStopsItWhenTheTestEnds() async throws {
      // Given an app that resets a directory holding a file when asked to
      let (directory, file) = try directoryWithOneFile()
      defer { try? FileManager.default.removeItem(at: directory) }
      let app = Fixture.launchedApp("resettingApp", testApp("reset", directory.path))
      let test = makeTestScope()

      // When a test uses it, then ends
      let launched = try await test.use(app, at: CodeLocation())
      let outputAtReady = launched.output
      let failures = await test.endCollectingFailures()

      // Then the app had reset the directory before it got ready, and is gone
      #expect(outputAtReady.contains("CleanSlateLaunch reset: removed 1 items"))
      #expect(!FileManager.default.fileExists(atPath: file.path))
      #expect(launched.resetRequest != nil)
      #expect(failures.isEmpty)
      #expect(!processExists(launched.processIdentifier))
    }

    @Test func withoutTheResetRequestTheAppKeepsItsState() async throws {
      // Given the same app, launched without asking for a reset
      let (directory, file) = try directoryWithOneFile()
      defer { try? FileManager.default.removeItem(at: directory) }
      var configuration = testApp("reset", directory.path)
      configuration.resetsOnLaunch = false
      let app = Fixture.launchedApp("keepingApp", configuration)
      let test = makeTestScope()

      // When a test uses it
      let launched = try await test.use(app, at: CodeLocation())
      await test.end()

      // Then nothing was reset
      #expect(launched.output.contains("CleanSlateLaunch: no reset requested."))
      #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func talksToTheAppThroughItsStandardInputAndOutput() async throws {
      // Given a ready app that echoes what it is sent
      let app = Fixture.launchedApp("echoApp", testApp("ready"))
      let test = makeTestScope()
      let launched = try await test.use(app, at: CodeLocation())

      // When a line is sent to it
      try await launched.send("echo hello, app")
      let answer = try await launched.waitForLine(containing: "hello")
      await test.end()

      // Then its answer is found in its output
      #expect(answer == "hello, app")
    }

    @Test func waitsUntilAPortAcceptsConnections() async throws {
      // Given an app that listens on a port after a delay
      let port = freePort()
      let app = Fixture.launchedApp(
        "server", testApp("listen", String(port), readiness: .port(port)))
      let test = makeTestScope()

      // When a test uses it
      let launched = try await test.use(app, at: CodeLocation())
      let announcement = try await launched.waitForLine(containing: "listening")
      let failures = await test.endCollectingFailures()

      // Then setup returned once the port was open, and the server was stopped cleanly
      #expect(announcement == "listening on \(port)")
      #expect(failures.isEmpty)
      #expect(!processExists(launched.processIdentifier))
    }

    @Test func anAppThatIgnoresTerminationIsKilledAfterTheGracePeriod() async throws {
      // Given an app that ignores SIGTERM, with a short grace period
      let app = Fixture.launchedApp(
        "stubbornApp", testApp("ignore-term", gracePeriod: .milliseconds(100)))
      let test = makeTestScope()
      let launched = try await test.use(app, at: CodeLocation())

      // When the test ends
      let failures = await test.endCollectingFailures()

      // Then it was killed, and that is not a failure: it was asked to stop first
      #expect(failures.isEmpty)
      #expect(!processExists(launched.processIdentifier))
    }
  }
#endif
