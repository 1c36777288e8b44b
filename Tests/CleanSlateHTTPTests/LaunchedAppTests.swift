#if HTTP && LaunchedApp
  import CleanSlateHTTP
  import CleanSlateLaunchedApp
  import CleanSlateTesting
  import Foundation
  import Testing

  extension Fixture where Value == LaunchedApp {
    /// An app launched for each test, told where the test's fake server is.
    static let probe = Fixture.launchedApp("probe") { context in
      let api = try await context.use(.api)
      return LaunchedApp.Configuration(
        executable: LaunchedApp.builtProduct("CleanSlateHTTPProbe"),
        environment: api.environment("TODO_API_URL"),
        readiness: .line(containing: "fetched:"))
    }
  }

  /// A launched app finds the fake through an environment variable, as it would its real server.
  @Suite(.cleanSlate) struct LaunchedAppTests {
    @Test func aLaunchedAppTalksToTheTestsFake() async throws {
      // Given a fake and an app launched with its address
      let api = try await use(.api)
      api.expect(.get, "/users/:id", times: 1)

      // When the app has fetched a user
      let app = try await use(.probe)
      try await app.waitForExit()

      // Then it got the fake's answer, and the fake saw its request
      #expect(app.output.contains(#"fetched: 200 {"id":"42"}"#))
      #expect(api.journal.map(\.path) == ["/users/42"])
      #expect(api.environment() == ["CLEANSLATE_FAKE_SERVER_URL": api.baseURL.absoluteString])
    }
  }
#endif
