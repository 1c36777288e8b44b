#if HTTP
  import CleanSlateHTTP

  extension Fixture where Value == FakeServer {
    /// The example: a resource, a route with a parameter, a sequence of stubbed answers.
    static let api = Fixture.fakeServer("api") { server in
      server.resource("/todos")
      server.route(.get, "/users/:id") { request in .json(["id": request.parameters["id"]]) }
      server.stub(.get, "/health", responses: [.status(503), .status(200)])
    }

    /// A server with no route at all, for tests that declare their own.
    static let bare = Fixture.fakeServer("bare") { server in
      server.allowsUnmatchedRequests = true
    }
  }

  /// The whole report of one `GET /todo` that no route of ``Fixture/api`` matches, answered with
  /// `status`: its two closest routes, declared by the fixture's `resource("/todos")`.
  func unmatchedTodoReport(answered status: Int) -> String {
    let declared = "\(Fixture.api.location.fileID):\(Fixture.api.location.line + 1)"
    return """
      Fake server 'api' received GET /todo, which no route matches; it answered \(status).
        closest routes:
          GET /todos (same method, similar path), declared at \(declared)
          GET /todos/:id (same method, similar path), declared at \(declared)
        requests received (1):
          1. GET /todo → \(status) (no route)
      """
  }
#endif
