#if HTTP
  import CleanSlateHTTP
  import CleanSlateTesting
  import Foundation
  import Testing

  /// Routes: a method and a path pattern with parameters; handlers get the request's parts and
  /// answer with the response helpers.
  @Suite(.cleanSlate) struct RoutingTests {
    struct Greeting: Codable, Equatable {
      var name: String
      var excited: Bool
    }

    @Test func aHandlerGetsTheParametersQueryHeadersAndBody() async throws {
      // Given a route that echoes what it got
      let api = try await use(.bare)
      api.route(.post, "/users/:id/greetings") { request in
        let greeting = try request.decode(Greeting.self)
        return .json([
          "id": .string(request.parameters["id"] ?? ""),
          "lang": .string(request.query["lang"] ?? ""),
          "tags": .array(
            request.queryItems.filter { $0.name == "tag" }.map { .string($0.value ?? "") }),
          "trace": .string(request.headers[HTTPField.Name("X-Trace")!] ?? ""),
          "name": .string(greeting.name),
          "excited": .bool(greeting.excited),
        ])
      }

      // When a client posts to it
      let reply = try await Client.send(
        "POST", "/users/a%20b/greetings?lang=fr&tag=x&tag=y", to: api,
        json: ["name": "Ada", "excited": true], headers: ["X-Trace": "t-1"])

      // Then the handler saw every part, percent-decoded
      #expect(reply.status == 200)
      #expect(reply.header("Content-Type") == "application/json")
      #expect(
        try reply.json
          == [
            "id": "a b", "lang": "fr", "tags": ["x", "y"], "trace": "t-1", "name": "Ada",
            "excited": true,
          ])
    }

    @Test func theResponseHelpersSetStatusHeadersAndBody() async throws {
      // Given routes answering with each helper
      let api = try await use(.bare)
      api.route(.get, "/json") { _ in .json(Greeting(name: "Ada", excited: false), status: .created)
      }
      api.route(.get, "/text") { _ in .text("pong") }
      api.route(.get, "/empty") { _ in .empty }
      api.route(.get, "/status") { _ in .status(418) }
      api.route(.get, "/custom") { _ in
        FakeServer.Response(
          status: .accepted, headers: [.cacheControl: "no-store"], body: Data("raw".utf8))
      }

      // When a client asks each
      let json = try await Client.send("GET", "/json", to: api)
      let text = try await Client.send("GET", "/text", to: api)
      let empty = try await Client.send("GET", "/empty", to: api)
      let status = try await Client.send("GET", "/status", to: api)
      let custom = try await Client.send("GET", "/custom", to: api)

      // Then each answer is what its helper says
      #expect(json.status == 201)
      #expect(json.text == #"{"excited":false,"name":"Ada"}"#)
      #expect(text.status == 200 && text.text == "pong")
      #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
      #expect(empty.status == 204 && empty.body.isEmpty)
      #expect(status.status == 418 && status.body.isEmpty)
      #expect(
        custom.status == 202 && custom.text == "raw" && custom.header("Cache-Control") == "no-store"
      )
    }

    @Test func theRouteDeclaredLastWinsSoATestCanOverrideItsFixture() async throws {
      // Given the fixture's route for /users/:id, overridden by the test for one user
      let api = try await use(.api)
      api.route(.get, "/users/7") { _ in .json(["id": "seven"]) }

      // When a client asks for user 7 and user 8
      let seven = try await Client.send("GET", "/users/7", to: api)
      let eight = try await Client.send("GET", "/users/8", to: api)

      // Then the test's route answered 7, the fixture's 8
      #expect(try seven.json == ["id": "seven"])
      #expect(try eight.json == ["id": "8"])
    }

    @Test func aTrailingStarMatchesTheRestOfThePath() async throws {
      // Given a route for everything under /files
      let api = try await use(.bare)
      api.route(.get, "/files/*") { request in .text(request.parameters["*"] ?? "") }

      // When a client asks for a nested file
      let reply = try await Client.send("GET", "/files/a/b/c.txt", to: api)

      // Then the star holds the rest of the path
      #expect(reply.text == "a/b/c.txt")
    }

    @Test func aBadRequestThrownByAHandlerAnswers400WithItsReason() async throws {
      // Given a route that refuses a request without a title
      let api = try await use(.bare)
      api.route(.post, "/todos") { request in
        guard try request.json["title"] != nil else {
          throw FakeServer.BadRequest("A todo needs a title.")
        }
        return .status(.created)
      }

      // When a client posts one without
      let reply = try await Client.send("POST", "/todos", to: api, json: ["done": false])

      // Then it gets 400 with the reason, and the test no issue (the fixture would report it)
      #expect(reply.status == 400)
      #expect(try reply.json == ["error": "A todo needs a title."])
    }
  }
#endif
