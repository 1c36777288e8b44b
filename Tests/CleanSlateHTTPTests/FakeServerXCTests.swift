#if HTTP
  import CleanSlateHTTP
  import CleanSlateXCTest
  import Foundation
  import XCTest

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// The fake server from XCTest: the same fixture as in Swift Testing, each numbered point of
  /// the issue once more through `FixtureTestCase`. The failure paths are in
  /// `XCTestFailureReportingTests`.
  final class FakeServerXCTests: FixtureTestCase {
    func testEachTestGetsAServerOfItsOwnOnLoopback() async throws {
      let api = try await use(.api)
      let again = try await use(.api)
      XCTAssertTrue(api === again)
      XCTAssertEqual(api.baseURL.absoluteString, "http://127.0.0.1:\(api.port)")
      XCTAssertEqual(api.resource("/todos").count, 0)
    }

    func testARouteGetsParametersQueryHeadersAndBody() async throws {
      let api = try await use(.bare)
      api.route(.put, "/users/:id") { request in
        .json([
          "id": .string(request.parameters["id"]!), "page": .string(request.query["page"]!),
          "trace": .string(request.headers[HTTPField.Name("X-Trace")!]!), "body": try request.json,
        ])
      }
      let reply = try await Client.send(
        "PUT", "/users/7?page=2", to: api, json: ["name": "Ada"], headers: ["X-Trace": "t"])
      XCTAssertEqual(
        try reply.json, ["id": "7", "page": "2", "trace": "t", "body": ["name": "Ada"]])
    }

    func testAResourceKeepsStateBetweenRequests() async throws {
      let api = try await use(.api)
      api.resource("/todos").insert(["title": "Seeded"])
      let created = try await Client.send("POST", "/todos", to: api, json: ["title": "Milk"])
      _ = try await Client.send("PATCH", "/todos/1", to: api, json: ["done": true])
      let list = try await Client.send("GET", "/todos", to: api)
      XCTAssertEqual(created.status, 201)
      XCTAssertEqual(
        try list.json, [["id": 1, "title": "Seeded", "done": true], ["id": 2, "title": "Milk"]])
      let unknown = try await Client.send("DELETE", "/todos/9", to: api)
      let notAnObject = try await Client.send("POST", "/todos", to: api, json: [1])
      XCTAssertEqual(unknown.status, 404)
      XCTAssertEqual(notAnObject.status, 400)
    }

    func testAStubSequenceAnswersInTurn() async throws {
      let api = try await use(.api)
      var statuses: [Int] = []
      for _ in 1...3 { statuses.append(try await Client.send("GET", "/health", to: api).status) }
      XCTAssertEqual(statuses, [503, 200, 200])
    }

    func testTheJournalHoldsEveryRequestInOrderWithItsBody() async throws {
      let api = try await use(.api)
      _ = try await Client.send("POST", "/todos", to: api, json: ["title": "Milk"])
      _ = try await Client.send("GET", "/todos", to: api)
      XCTAssertEqual(api.journal.map(\.method), [.post, .get])
      XCTAssertEqual(api.journal.first?.text, #"{"title":"Milk"}"#)
    }

    func testAMetExpectationPassesWhenTheBodyEnds() async throws {
      let api = try await use(.api)
      api.expect(.post, "/todos", times: 1) { try $0.json["title"] == "Milk" }
      api.expect(.delete, "/todos/:id", times: .never)
      _ = try await Client.send("POST", "/todos", to: api, json: ["title": "Milk"])
    }

    func testStatusFaultsForTheNextRequestsAndForAll() async throws {
      let api = try await use(.api)
      api.inject(.status(503), on: .get, "/todos", next: 1)
      let first = try await Client.send("GET", "/todos", to: api).status
      let second = try await Client.send("GET", "/todos", to: api).status
      api.inject(.status(500))
      let third = try await Client.send("GET", "/users/1", to: api).status
      XCTAssertEqual([first, second, third], [503, 200, 500])
    }

    func testLatencyHoldsTheAnswer() async throws {
      let api = try await use(.api)
      api.inject(.latency(.seconds(3_600)), on: .get, "/todos")
      let connection = try await RawConnection.connect(to: api.port)
      await connection.send("GET /todos HTTP/1.1\r\nHost: t\r\n\r\n")
      let received = await connection.receive(idleLimit: .milliseconds(300))
      XCTAssertTrue(received.data.isEmpty)
      XCTAssertEqual(received.end, .timedOut)
    }

    func testResetCutAndMalformedResponses() async throws {
      let api = try await use(.api)
      api.inject(.reset, on: .get, "/users/1", next: 1)
      api.inject(.closeMidResponse, on: .get, "/users/2", next: 1)
      api.inject(.malformedResponse, on: .get, "/users/3", next: 1)
      var received: [RawConnection.Received] = []
      for id in 1...3 {
        let connection = try await RawConnection.connect(to: api.port)
        await connection.send("GET /users/\(id) HTTP/1.1\r\nHost: t\r\n\r\n")
        received.append(await connection.receive())
      }
      XCTAssertEqual(received.map(\.end), [.reset, .closed, .closed])
      XCTAssertTrue(
        received[1].text.hasPrefix("HTTP/1.1 200 OK") && !received[1].text.hasSuffix("}"))
      XCTAssertTrue(received[2].text.hasPrefix("HTTP/1.1 ??? NOT HTTP"))
    }

    func testATrickledBodyArrivesInChunks() async throws {
      let api = try await use(.api)
      api.inject(.trickle(bytes: 2, every: .milliseconds(40)))
      let connection = try await RawConnection.connect(to: api.port)
      await connection.send("GET /users/1234 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
      let received = await connection.receive()
      XCTAssertGreaterThanOrEqual(received.chunks.count, 4)
      XCTAssertTrue(received.text.hasSuffix(#"{"id":"1234"}"#))
    }

    func testTheInProcessTransportAnswersWithoutASocket() async throws {
      let api = try await use(.api)
      var request = URLRequest(url: URL(string: "http://example/todos")!)
      request.httpMethod = "POST"
      request.httpBody = Data(#"{"title":"Milk"}"#.utf8)
      let (body, response) = try await api.respond(to: request)
      XCTAssertEqual(response.statusCode, 201)
      XCTAssertEqual(try JSONValue(parsing: body), ["id": 1, "title": "Milk"])
      XCTAssertEqual(api.resource("/todos").count, 1)
    }

    func testBadInputIsAnsweredAndNeverCrashes() async throws {
      let api = try await use(.api)
      api.maximumBodySize = 8
      let connection = try await RawConnection.connect(to: api.port)
      await connection.send("NOT HTTP\r\n\r\n")
      let garbage = await connection.receive()
      let oversized = try await Client.send("POST", "/todos", to: api, json: ["title": "too long"])
      api.maximumBodySize = 1_024
      let invalid = try await Client.send("POST", "/todos", to: api, body: Data("{".utf8))
      XCTAssertTrue(garbage.text.hasPrefix("HTTP/1.1 400 Bad Request"))
      XCTAssertEqual(oversized.status, 413)
      XCTAssertEqual(invalid.status, 400)
      XCTAssertEqual(
        try invalid.json["error"]?.stringValue?.hasPrefix("The body is not valid JSON"), true)
    }
  }
#endif
