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
#endif
