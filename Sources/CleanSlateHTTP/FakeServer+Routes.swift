#if HTTP
  extension FakeServer {
    /// Declares a route: requests with `method` whose path matches `path` are answered by
    /// `handler`.
    ///
    /// ```swift
    /// server.route(.get, "/users/:id") { request in
    ///   .json(["id": request.parameters["id"], "name": "Ada"])
    /// }
    /// ```
    ///
    /// A pattern has literal segments, `:name` parameters that match one segment (read them from
    /// ``Request/parameters``), and may end with `*`, which matches the rest of the path. The route
    /// declared last wins when several match, so a test can override a route its fixture declared.
    ///
    /// A handler that throws ``BadRequest`` answers 400 with its reason. One that throws anything
    /// else answers 500, and the test fails when its body ends, at this line, with the error.
    ///
    /// - Parameters:
    ///   - method: The method to match, as `.get`.
    ///   - path: The path pattern, as `/users/:id`.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    ///   - handler: Answers a matching request.
    public func route(
      _ method: HTTPRequest.Method,
      _ path: String,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column,
      _ handler: @escaping @Sendable (Request) async throws -> Response
    ) {
      addRoute(
        Route(
          method: method, pattern: RoutePattern(path), handler: .async(handler),
          location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// Declares a route that always answers `response`.
    ///
    /// ```swift
    /// server.stub(.get, "/config", response: .json(["theme": "dark"]))
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method to match, as `.get`.
    ///   - path: The path pattern, as `/config`.
    ///   - response: The answer to every matching request.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    public func stub(
      _ method: HTTPRequest.Method,
      _ path: String,
      response: Response,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) {
      stub(
        method, path, responses: [response], fileID: fileID, filePath: filePath, line: line,
        column: column)
    }

    /// Declares a route that answers `responses` in turn, then repeats the last one.
    ///
    /// ```swift
    /// server.stub(.get, "/health", responses: [.status(503), .status(503), .status(200)])
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method to match, as `.get`.
    ///   - path: The path pattern, as `/health`.
    ///   - responses: The answers, in order; the last one answers every later request. None at
    ///     all answers 204 No Content.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    public func stub(
      _ method: HTTPRequest.Method,
      _ path: String,
      responses: [Response],
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) {
      let responses = responses.isEmpty ? [Response.empty] : responses
      let next = Locked(0)
      addRoute(
        Route(
          method: method, pattern: RoutePattern(path),
          handler: .immediate { _ in
            responses[
              next.withLock { index in
                defer { index = min(index + 1, responses.count - 1) }
                return index
              }]
          },
          location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    func addRoute(_ route: Route) {
      state.withLock { $0.routes.append(route) }
    }
  }
#endif
