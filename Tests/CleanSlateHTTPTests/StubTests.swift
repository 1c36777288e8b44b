#if HTTP
  import CleanSlateHTTP
  import CleanSlateTesting
  import Testing

  /// Stubs: a canned response, or a sequence of them per route, the last one repeated.
  @Suite(.cleanSlate) struct StubTests {
    @Test func aSequenceAnswersInTurnThenRepeatsItsLastResponse() async throws {
      // Given the fixture's /health stub (503, then 200) and a longer one
      let api = try await use(.api)
      api.stub(.get, "/ready", responses: [.status(503), .status(503), .json(["ready": true])])

      // When a client asks each several times
      var health: [Int] = []
      var ready: [Int] = []
      for _ in 1...4 {
        health.append(try await Client.send("GET", "/health", to: api).status)
        ready.append(try await Client.send("GET", "/ready", to: api).status)
      }

      // Then the answers come in order, the last one repeated
      #expect(health == [503, 200, 200, 200])
      #expect(ready == [503, 503, 200, 200])
    }

    @Test func aCannedResponseAnswersEveryRequest() async throws {
      let api = try await use(.bare)
      api.stub(.get, "/config", response: .json(["theme": "dark"]))
      for _ in 1...2 {
        let reply = try await Client.send("GET", "/config", to: api)
        #expect(try reply.json == ["theme": "dark"])
      }
    }

    @Test func aStubOverridesARouteDeclaredBefore() async throws {
      let api = try await use(.api)
      api.stub(.get, "/todos", response: .status(500))
      #expect(try await Client.send("GET", "/todos", to: api).status == 500)
    }
  }
#endif
