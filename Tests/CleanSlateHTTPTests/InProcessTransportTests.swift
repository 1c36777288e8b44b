#if HTTP
  import CleanSlate
  import CleanSlateHTTP
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import Testing

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// The in-process transport: `respond(to:)` answers with the same routes, store, journal,
  /// faults and failures as the loopback server, with no socket.
  @Suite(.cleanSlate) struct InProcessTransportTests {
    /// A transport protocol, the seam through which an app sends every request, and the fake
    /// behind it.
    protocol Transport: Sendable {
      func data(for request: URLRequest) async throws -> (Data, URLResponse)
    }

    struct FakeTransport: Transport {
      let server: FakeServer
      func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await server.respond(to: request)
      }
    }

    @Test func theSameRoutesAndStoreAnswerInProcessAndOverTheLoopback() async throws {
      // Given code that talks through a transport, and a fake behind it
      let api = try await use(.api)
      let transport: any Transport = FakeTransport(server: api)

      // When it creates a todo in process, and a client lists them over the loopback
      var create = URLRequest(url: URL(string: "http://api.example/todos?source=app")!)
      create.httpMethod = "POST"
      create.httpBody = Data(#"{"title":"Milk"}"#.utf8)
      create.setValue("application/json", forHTTPHeaderField: "Content-Type")
      let (body, response) = try await transport.data(for: create)
      let list = try await Client.send("GET", "/todos", to: api)

      // Then both went to the one fake: same store, one journal
      let http = try #require(response as? HTTPURLResponse)
      #expect(http.statusCode == 201)
      #expect(http.value(forHTTPHeaderField: "Location") == "/todos/1")
      #expect(try JSONValue(parsing: body) == ["id": 1, "title": "Milk"])
      #expect(try list.json == [["id": 1, "title": "Milk"]])
      #expect(api.journal.map(\.method) == [.post, .get])
      #expect(api.journal.first?.query == ["source": "app"])
      #expect(api.journal.first?.headers[.contentType] == "application/json")
    }

    @Test func anHTTPRequestIsAnsweredAsAnHTTPResponse() async throws {
      let api = try await use(.api)
      let (body, response) = try await api.respond(
        to: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/users/9"))
      #expect(response.status == .ok)
      #expect(response.headerFields[.contentType] == "application/json")
      #expect(try JSONValue(parsing: body) == ["id": "9"])
    }

    @Test func faultsThrowWhatURLSessionWouldThrow() async throws {
      // Given a reset, a cut response and a malformed response, one request each, and a status
      let api = try await use(.api)
      api.inject(.reset, next: 1)
      api.inject(.closeMidResponse, on: .post, "/todos", next: 1)
      api.inject(.malformedResponse, on: .get, "/users/:id", next: 1)
      api.inject(.status(502), on: .get, "/health", next: 1)
      var post = URLRequest(url: api.url("/todos"))
      post.httpMethod = "POST"
      post.httpBody = Data(#"{"title":"Milk"}"#.utf8)

      // When the code sends each
      let reset = await #expect(throws: URLError.self) {
        try await api.respond(to: URLRequest(url: api.url("/todos")))
      }
      let cut = await #expect(throws: URLError.self) { try await api.respond(to: post) }
      let malformed = await #expect(throws: URLError.self) {
        try await api.respond(to: URLRequest(url: api.url("/users/1")))
      }
      let (_, status) = try await api.respond(to: URLRequest(url: api.url("/health")))

      // Then each failed as over a socket, and the cut one still ran its handler
      #expect(reset?.code == .networkConnectionLost)
      #expect(cut?.code == .networkConnectionLost)
      #expect(malformed?.code == .badServerResponse)
      #expect(status.statusCode == 502)
      #expect(api.resource("/todos").count == 1)
    }

    @Test func anUnmatchedRequestInProcessIsReportedAsOverTheLoopback() async throws {
      // Given a test that sends a request no route matches, in process
      let run = try await TraitRun.run {
        let api = try await use(.api)
        let (_, response) = try await api.respond(to: URLRequest(url: api.url("/todo")))
        #expect(response.statusCode == 404)
      }

      // Then it is reported with the closest route
      #expect(run.failures.map(\.code) == [.unmatchedRequest])
      #expect(run.failures.map(\.summary) == [unmatchedTodoReport(answered: 404)])
    }

    @Test func aStoppedServerNoLongerAnswersInProcess() async throws {
      // Given the server of a test that has ended
      let kept = Locked<FakeServer?>(nil)
      _ = try await TraitRun.run {
        let api = try await use(.api)
        kept.withLock { $0 = api }
      }
      let api = try #require(kept.value)

      // When code sends it a request, then it cannot connect
      let error = await #expect(throws: URLError.self) {
        try await api.respond(to: URLRequest(url: api.url("/todos")))
      }
      #expect(error?.code == .cannotConnectToHost)
    }

    @Test func anOversizedBodyIs413InProcessToo() async throws {
      let api = try await use(.api)
      api.maximumBodySize = 4
      var post = URLRequest(url: api.url("/todos"))
      post.httpMethod = "POST"
      post.httpBody = Data(#"{"title":"Milk"}"#.utf8)
      let (_, response) = try await api.respond(to: post)
      #expect(response.statusCode == 413)
      #expect(api.journal.isEmpty)
    }
  }
#endif
