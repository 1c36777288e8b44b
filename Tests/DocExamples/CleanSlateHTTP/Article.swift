// swift-format-ignore-file
#if HTTP && LaunchedApp
  import CleanSlateHTTP
  import CleanSlateLaunchedApp
  import CleanSlateTesting
  import CleanSlateXCTest
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  import Testing
  import XCTest

  extension Fixture where Value == FakeServer {
    static let api = Fixture.fakeServer("api") { server in
      server.resource("/todos")
      server.route(.get, "/users/:id") { request in
        guard request.parameters["id"] != "0" else { return .status(.notFound) }
        return .json(["id": request.parameters["id"], "name": "Ada"])
      }
      server.stub(.get, "/health", responses: [.status(503), .status(200)])
    }
  }

  // Swift Testing
  @Suite(.cleanSlate) struct TodoClientTests {
    @Test func addsATodo() async throws {
      let api = try await use(.api)
      let client = TodoClient(baseURL: api.baseURL)

      try await client.add("Buy milk")

      #expect(api.resource("/todos").records.map { $0["title"] } == ["Buy milk"])
    }
  }

  // XCTest
  final class TodoClientXCTests: FixtureTestCase {
    func testAddsATodo() async throws {
      let api = try await use(.api)
      let client = TodoClient(baseURL: api.baseURL)

      try await client.add("Buy milk")

      XCTAssertEqual(api.resource("/todos").records.map { $0["title"] }, ["Buy milk"])
    }
  }

  @Test func completesEveryTodo() async throws {
    let api = try await use(.api)
    let client = TodoClient(baseURL: api.baseURL)
    let todos = api.resource("/todos")        // the store the fixture declared
    todos.insert(["title": "Buy milk", "done": false])
    try todos.insert(encoding: Todo(title: "Walk the dog", done: true))

    try await client.completeAll()

    #expect(try todos.decode(as: Todo.self).allSatisfy(\.done))
  }

  extension Fixture where Value == FakeServer {
    static let completingAPI = Fixture.fakeServer("completingAPI") { server in
      let todos = server.resource("/todos")
      server.route(.post, "/todos/:id/complete") { request in
        guard let todo = todos.update(id: request.parameters["id"]!, { $0["done"] = true }) else {
          return .status(.notFound)
        }
        return .json(.object(todo))
      }
    }
  }

  @Test func expectsAndInjects() async throws {
    let api = try await use(.api)
    api.expect(.post, "/todos", times: 1)
    api.expect(.get, "/todos", times: .atLeast(1))
    api.expect(.delete, "/todos/:id", times: .never) { $0.parameters["id"] == "1" }
    api.inject(.latency(.milliseconds(200)), on: .get, "/todos")
    api.inject(.status(503), on: .post, "/todos", next: 2)    // the third POST goes through
    api.inject(.reset, next: 1)                                // whatever the next request is
    api.inject(.closeMidResponse, on: .put, "/todos/:id")      // the update happens, the answer is cut
    api.inject(.malformedResponse, on: .get, "/health")
    api.inject(.trickle(bytes: 16, every: .milliseconds(50)))  // a slow network
  }

  struct FakeTransport: Transport {
    let server: FakeServer
    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
      try await server.respond(to: request)
    }
  }

  extension Fixture where Value == LaunchedApp {
    static let app = Fixture.launchedApp("app") { context in
      let api = try await context.use(.api)
      return LaunchedApp.Configuration(
        executable: LaunchedApp.builtProduct("TodoApp"),
        environment: api.environment("TODO_API_URL"),
        readiness: .line(containing: "ready"))
    }
  }
#endif
