#if HTTP
  import CleanSlateHTTP
  import CleanSlateTesting
  import Foundation
  import Testing

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// Faults, per route or for the whole server, for the next N requests or all: latency, a reset,
  /// a connection closed mid-response, a malformed response, a trickled body, a status.
  @Suite(.cleanSlate) struct FaultTests {
    @Test func latencyHoldsTheAnswerOfTheMatchingRoutesOnly() async throws {
      // Given an hour of latency on GET /todos
      let api = try await use(.api)
      api.inject(.latency(.seconds(3_600)), on: .get, "/todos")

      // When a client asks for /todos and waits a while, then asks for a user
      let connection = try await RawConnection.connect(to: api.port)
      await connection.send("GET /todos HTTP/1.1\r\nHost: t\r\n\r\n")
      let todos = await connection.receive(idleLimit: .milliseconds(300))
      let user = try await Client.send("GET", "/users/1", to: api)

      // Then /todos got no answer (its request is journaled), the other route answered
      #expect(todos.data.isEmpty && todos.end == .timedOut)
      #expect(api.journal.map(\.path) == ["/todos", "/users/1"])
      #expect(user.status == 200)
    }

    @Test func aStatusFaultAnswersTheNextRequestsWithoutRunningTheHandler() async throws {
      // Given 503 for the next two POSTs to /todos
      let api = try await use(.api)
      api.inject(.status(503), on: .post, "/todos", next: 2)

      // When a client posts three times
      var statuses: [Int] = []
      for title in ["a", "b", "c"] {
        statuses.append(
          try await Client.send("POST", "/todos", to: api, json: ["title": .string(title)]).status)
      }

      // Then the first two failed and created nothing, the third went through
      #expect(statuses == [503, 503, 201])
      #expect(api.resource("/todos").records.map { $0["title"] } == ["c"])
      #expect(api.journal.count == 3)
    }

    @Test func aServerWideFaultAppliesToEveryRequestUntilRemoved() async throws {
      // Given 503 for every request, matched or not
      let api = try await use(.api)
      api.inject(.status(503))

      // When a client asks a route, and a path no route matches
      let todos = try await Client.send("GET", "/todos", to: api)
      let nowhere = try await Client.send("GET", "/nowhere", to: api)
      api.removeFaults()
      let after = try await Client.send("GET", "/todos", to: api)

      // Then both got 503 (and the fault answered the unmatched one: no issue), then 200
      #expect([todos.status, nowhere.status, after.status] == [503, 503, 200] as [Int])
    }

    @Test func ofTwoFaultsThatReplaceTheAnswerTheLastInjectedWins() async throws {
      // Given 500 then 503 for the next request each, and a latency for all
      let api = try await use(.api)
      api.inject(.status(500), next: 1)
      api.inject(.status(503), next: 1)
      api.inject(.latency(.milliseconds(1)))

      // When a client asks three times
      var statuses: [Int] = []
      for _ in 1...3 { statuses.append(try await Client.send("GET", "/todos", to: api).status) }

      // Then 503 came first, the 500 was still waiting for its request, then the route answered
      #expect(statuses == [503, 500, 200])
    }

    @Test func aResetClosesTheConnectionWithoutAnAnswer() async throws {
      // Given a reset for the next request
      let api = try await use(.api)
      api.inject(.reset, on: .get, "/users/:id", next: 1)

      // When a client asks twice
      let connection = try await RawConnection.connect(to: api.port)
      await connection.send("GET /users/1 HTTP/1.1\r\nHost: t\r\n\r\n")
      let first = await connection.receive()
      let second = try await Client.send("GET", "/users/1", to: api)

      // Then the first connection was reset with nothing sent, the second request was answered
      #expect(first.end == .reset)
      #expect(first.data.isEmpty)
      #expect(second.status == 200)
    }

    @Test func aResetFailsAURLSessionRequest() async throws {
      let api = try await use(.api)
      api.inject(.reset, next: 1)
      await #expect(throws: URLError.self) { try await Client.send("GET", "/users/1", to: api) }
    }

    @Test func closeMidResponseRunsTheHandlerAndCutsTheBody() async throws {
      // Given a close mid-response for the next POST
      let api = try await use(.api)
      api.inject(.closeMidResponse, on: .post, "/todos", next: 1)

      // When a client posts
      let connection = try await RawConnection.connect(to: api.port)
      let body = #"{"title":"a rather long title, so that half of it is cut"}"#
      await connection.send(
        "POST /todos HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
      let received = await connection.receive()

      // Then it got the head and part of the body, then the connection closed; the todo exists
      let parts = received.text.components(separatedBy: "\r\n\r\n")
      let length = try #require(
        parts[0].split(separator: "\r\n").first { $0.hasPrefix("Content-Length: ") }
          .flatMap { Int($0.dropFirst("Content-Length: ".count)) })
      #expect(parts[0].hasPrefix("HTTP/1.1 201 Created"))
      #expect(parts[1].utf8.count < length && !parts[1].isEmpty)
      #expect(received.end == .closed)
      #expect(api.resource("/todos").count == 1)
    }

    @Test func aMalformedResponseIsNotHTTP() async throws {
      // Given a malformed response for every request
      let api = try await use(.api)
      api.inject(.malformedResponse)

      // When a raw client and URLSession ask
      let connection = try await RawConnection.connect(to: api.port)
      await connection.send("GET /users/1 HTTP/1.1\r\nHost: t\r\n\r\n")
      let received = await connection.receive()

      // Then neither gets an HTTP response
      #expect(received.text.hasPrefix("HTTP/1.1 ??? NOT HTTP"))
      #expect(received.end == .closed)
      await #expect(throws: (any Error).self) { try await Client.send("GET", "/users/1", to: api) }
    }

    @Test func aTrickledBodyArrivesInSmallChunksAndWhole() async throws {
      // Given a body trickled two bytes at a time
      let api = try await use(.api)
      api.inject(.trickle(bytes: 2, every: .milliseconds(40)), on: .get, "/users/:id")

      // When a client asks for it
      let connection = try await RawConnection.connect(to: api.port)
      await connection.send("GET /users/1234 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
      let received = await connection.receive()
      let viaURLSession = try await Client.send("GET", "/users/5", to: api)

      // Then the body came in several reads after the head, and whole
      #expect(received.chunks.count >= 4, "\(received.chunks.map(\.count))")
      #expect(received.text.hasSuffix("\r\n\r\n" + #"{"id":"1234"}"#))
      #expect(try viaURLSession.json == ["id": "5"])
    }
  }
#endif
