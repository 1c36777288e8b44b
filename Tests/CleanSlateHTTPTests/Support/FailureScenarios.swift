#if HTTP
  import CleanSlate
  import CleanSlateHTTP
  import CleanSlateTestSupport

  /// A test body that fails on purpose, run as a Swift Testing test (through the `.cleanSlate`
  /// trait) and as an XCTest test (a nested run of a `FixtureTestCase`): both must report the same
  /// failures, at the same lines, and stop the server whatever the outcome.
  struct FailureScenario: Sendable, CustomStringConvertible {
    /// Where an expected failure is reported.
    enum Place: Sendable {
      /// The line after the body's `marks.next()` call of this index.
      case mark(Int)
      /// The declaration of ``FailureScenarios/api``.
      case fixture
      /// The declaration of the route that throws.
      case throwingRoute
    }

    /// A CleanSlate failure the scenario must report.
    struct Expected: Sendable {
      let code: CleanSlateError.Code
      let place: Place
      /// Text the failure's message must contain.
      let excerpts: [String]
    }

    let name: String
    let expected: [Expected]
    /// Whether the body fails (through the framework) or throws on purpose.
    var failsItself = false
    let body: @Sendable (Marks) async throws -> Void

    var description: String { name }

    /// The line where an expected failure must be reported.
    func line(of place: Place, marks: Marks) -> Int? {
      switch place {
      case .mark(let index): marks.lines.value.dropFirst(index).first
      case .fixture: FailureScenarios.api.location.line
      case .throwingRoute: FailureScenarios.throwingRouteLine.value
      }
    }
  }

  /// What a scenario's body tells its runner: the lines it marks, the failure it records through
  /// the framework, the server it used.
  final class Marks: Sendable {
    let lines = Locked<[Int]>([])
    let port = Locked<Int?>(nil)
    private let recordFailure: @Sendable (String) -> Void

    init(recordFailure: @escaping @Sendable (String) -> Void) {
      self.recordFailure = recordFailure
    }

    /// Marks the next line as one where a failure is expected.
    func next(line: Int = #line) { lines.withLock { $0.append(line + 1) } }

    /// Uses the scenario's server and remembers its port.
    func useServer() async throws -> FakeServer {
      let server = try await use(FailureScenarios.api)
      port.withLock { $0 = server.port }
      return server
    }

    /// Records a failure of the test the framework's own way (`Issue.record`, `XCTFail`).
    func fail(_ message: String) { recordFailure(message) }
  }

  enum FailureScenarios {
    static let throwingRouteLine = Locked(0)

    /// The server every scenario uses.
    static let api = Fixture.fakeServer("scenarioAPI") { server in
      server.resource("/todos")
      server.route(.get, "/users/:id") { request in .json(["id": request.parameters["id"]]) }
      throwingRouteLine.withLock { $0 = #line + 1 }
      server.route(.get, "/boom") { _ in throw Boom(label: "disk full") }
    }

    static let all = [
      unmetExpectation, overMetExpectation, neverWithMatcher, unmatchedRequests, throwingHandler,
      failingTest, throwingTest, everythingMet,
    ]

    static let unmetExpectation = FailureScenario(
      name: "unmetExpectation",
      expected: [
        .init(
          code: .expectationUnmet, place: .mark(0),
          excerpts: [
            "Fake server 'scenarioAPI' expected POST /todos exactly 1 time, but received it 0 times.",
            "requests received (1):", "1. GET /todos → 200",
          ])
      ]
    ) { marks in
      let api = try await marks.useServer()
      marks.next()
      api.expect(.post, "/todos", times: 1)
      _ = try await Client.send("GET", "/todos", to: api)
    }

    static let overMetExpectation = FailureScenario(
      name: "overMetExpectation",
      expected: [
        .init(
          code: .expectationUnmet, place: .mark(0),
          excerpts: [
            "expected POST /todos exactly 1 time, but received it 2 times.",
            #"1. POST /todos {"title":"a"} → 201"#, #"2. POST /todos {"title":"b"} → 201"#,
          ])
      ]
    ) { marks in
      let api = try await marks.useServer()
      marks.next()
      api.expect(.post, "/todos", times: 1)
      _ = try await Client.send("POST", "/todos", to: api, json: ["title": "a"])
      _ = try await Client.send("POST", "/todos", to: api, json: ["title": "b"])
    }

    static let neverWithMatcher = FailureScenario(
      name: "neverWithMatcher",
      expected: [
        .init(
          code: .expectationUnmet, place: .mark(0),
          excerpts: ["expected DELETE /todos/:id (matching) never, but received it 1 time."])
      ]
    ) { marks in
      let api = try await marks.useServer()
      api.resource("/todos").insert(["title": "keep"])
      api.resource("/todos").insert(["title": "drop"])
      marks.next()
      api.expect(.delete, "/todos/:id", times: .never) { $0.parameters["id"] == "1" }
      _ = try await Client.send("DELETE", "/todos/2", to: api)
      _ = try await Client.send("DELETE", "/todos/1", to: api)
    }

    static let unmatchedRequests = FailureScenario(
      name: "unmatchedRequests",
      expected: [
        .init(
          code: .unmatchedRequest, place: .fixture,
          excerpts: [
            "Fake server 'scenarioAPI' received GET /todo, which no route matches; it answered 404. (2 times)",
            "GET /todos (same method, similar path), declared at",
          ]),
        .init(
          code: .unmatchedRequest, place: .fixture,
          excerpts: [
            "received POST /users/7, which no route matches",
            "GET /users/:id (same path, other method), declared at",
            "3. POST /users/7 → 404 (no route)",
          ]),
      ]
    ) { marks in
      let api = try await marks.useServer()
      _ = try await Client.send("GET", "/todo", to: api)
      _ = try await Client.send("GET", "/todo", to: api)
      _ = try await Client.send("POST", "/users/7", to: api)
    }

    static let throwingHandler = FailureScenario(
      name: "throwingHandler",
      expected: [
        .init(
          code: .handlerFailed, place: .throwingRoute,
          excerpts: [
            "The handler of GET /boom on fake server 'scenarioAPI' failed on GET /boom: disk full. The client got 500."
          ])
      ]
    ) { marks in
      let api = try await marks.useServer()
      let reply = try await Client.send("GET", "/boom", to: api)
      if reply.status != 500 { marks.fail("expected 500, got \(reply.status)") }
    }

    static let failingTest = FailureScenario(name: "failingTest", expected: [], failsItself: true) {
      marks in
      _ = try await marks.useServer()
      marks.fail("failed on purpose")
    }

    static let throwingTest = FailureScenario(name: "throwingTest", expected: [], failsItself: true)
    {
      marks in
      _ = try await marks.useServer()
      throw Boom(label: "thrown on purpose")
    }

    static let everythingMet = FailureScenario(name: "everythingMet", expected: []) { marks in
      let api = try await marks.useServer()
      api.allowsUnmatchedRequests = true
      api.expect(.post, "/todos", times: .atLeast(1)) { try $0.json["title"] == "milk" }
      api.expect(.get, "/todos", times: .atMost(1))
      api.expect(.delete, "/todos/:id", times: .never)
      _ = try await Client.send("POST", "/todos", to: api, json: ["title": "milk"])
      let reply = try await Client.send("GET", "/nowhere", to: api)
      if reply.status != 404 { marks.fail("expected 404, got \(reply.status)") }
    }
  }
#endif
