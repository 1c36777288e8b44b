#if Vapor
  import CleanSlate
  import CleanSlateHTTP
  import CleanSlateTesting
  import CleanSlateVapor
  import Foundation
  import Testing
  import VaporTesting

  extension Fixture where Value == FakeServer {
    /// The weather service the app calls out to.
    static let weather = Fixture.fakeServer("weather") { server in
      server.stub(.get, "/today", response: .text("sunny"))
    }
  }

  /// Where the app sends its outbound calls: set by configure.
  struct WeatherServiceKey: StorageKey { typealias Value = URL }

  extension Fixture where Value == Application {
    /// An app wired to a fake server of the test's own through the fixture's context.
    static let forecastApp = Fixture.vaporApp("forecastApp", database: .none) { context, app in
      app.storage[WeatherServiceKey.self] = try await context.use(.weather).baseURL
      app.get("forecast") { request async throws -> String in
        let base = request.application.storage[WeatherServiceKey.self]!
        let response = try await request.client.get(URI(string: base.absoluteString + "/today"))
        return "It will be " + (response.body.map { String(buffer: $0) } ?? "?")
      }
    }
  }

  @Suite(.cleanSlate) struct VaporAppContextTests {
    @Test func anAppCanBeWiredToOtherFixtures() async throws {
      let app = try await use(.forecastApp)
      try await app.testing().test(.GET, "forecast") { response in
        #expect(response.body.string == "It will be sunny")
      }
      #expect(try await use(.weather).journal.count == 1)
    }
  }
#endif
