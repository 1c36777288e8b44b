// swift-format-ignore-file
// The code examples of CleanSlateHTTP's documentation (its DocC catalog), compiled, never run:
// scripts/check-doc-examples.sh checks that each example is here. One ends in statements after
// a declaration, which only a main file may hold.
#if HTTP
  import CleanSlateHTTP
  import CleanSlateTesting
  import Testing

  extension Fixture where Value == FakeServer {
    static let todoAPI = Fixture.fakeServer("todoAPI") { server in
      server.resource("/todos")                                   // in-memory CRUD
      server.route(.get, "/users/:id") { request in .json(["id": request.parameters["id"]]) }
      server.stub(.get, "/health", responses: [.status(503), .status(200)])
    }
  }

  // in any test, XCTest or Swift Testing:
  let api = try await use(.todoAPI)        // api.baseURL is http://127.0.0.1:<port>
  api.expect(.post, "/todos", times: 1)    // checked when the body ends, reported at this line
  api.inject(.latency(.milliseconds(200)), on: .get, "/todos")
  let client = TodoClient(baseURL: api.baseURL)
  try await client.add("Buy milk")
  #expect(api.resource("/todos").records.map { $0["title"] } == ["Buy milk"])
#endif
