#if HTTP
  import CleanSlate

  extension FakeServer {
    /// Expects requests with `method` and a path matching `path` — as many as `times` says —
    /// checked when the test body ends.
    ///
    /// ```swift
    /// api.expect(.post, "/todos", times: 1)
    /// api.expect(.delete, "/todos/:id", times: .never)
    /// api.expect(.put, "/todos/:id", times: .atLeast(1)) { request in
    ///   request.parameters["id"] == "3" && (try request.json["done"]) == true
    /// }
    /// ```
    ///
    /// The count covers every request in the server's ``journal`` when the body ends — those that
    /// arrived before the expectation was declared too — matched against `path` whatever route
    /// answered them, or none. An expectation that is not met fails the test once, at this line,
    /// in XCTest and in Swift Testing, with the requests that did arrive. It is checked even when
    /// the body failed or threw.
    ///
    /// On a suite- or process-scoped server the journal is shared by the tests in that scope, so
    /// the count includes their requests too.
    ///
    /// - Parameters:
    ///   - method: The method to match, as `.post`.
    ///   - path: The path pattern, as `/todos/:id`; its parameters are in the requests given to
    ///     `matcher`.
    ///   - times: How many matching requests are expected; at least one by default.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    ///   - matcher: Narrows the requests counted; one that throws does not count.
    public func expect(
      _ method: HTTPRequest.Method,
      _ path: String,
      times: RequestCount = .atLeast(1),
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column,
      where matcher: (@Sendable (Request) throws -> Bool)? = nil
    ) {
      let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      let expectation = RequestExpectation(
        method: method, pattern: RoutePattern(path), count: times, matcher: matcher,
        location: location)
      guard let scope = ScopeRuntime.current else {
        let misuse = CleanSlateError(
          .noActiveScope,
          summary:
            "expect(\(expectation.subject)) on fake server '\(name)' was called outside a running test.",
          fixture: name, location: location,
          advice: "Declare expectations in the test body (or in setUp), where they can be checked.")
        return record(.misuse(misuse))
      }
      scope.addBodyEndCheck { [weak self] in
        guard let self else { return [] }
        return expectation.failures(in: self)
      }
    }
  }

  /// An expectation declared with `expect`, checked against the journal when the body ends.
  struct RequestExpectation: Sendable {
    let method: HTTPRequest.Method
    let pattern: RoutePattern
    let count: FakeServer.RequestCount
    let matcher: (@Sendable (FakeServer.Request) throws -> Bool)?
    let location: CodeLocation

    /// What is expected, as `POST /todos` or `POST /todos (matching)`.
    var subject: String { "\(method) \(pattern)\(matcher == nil ? "" : " (matching)")" }

    /// Nothing when the journal meets the expectation, else the one failure that says so.
    func failures(in server: FakeServer) -> [CleanSlateError] {
      let journal = server.state.withLock { $0.journal }
      let matching = journal.filter { matches($0.request) }.count
      guard !count.accepts(matching) else { return [] }
      let summary =
        [
          "Fake server '\(server.name)' expected \(subject) \(count), but received it \(FakeServer.RequestCount.times(matching))."
        ] + FakeServer.journalLines(journal)
      return [
        CleanSlateError(
          .expectationUnmet, summary: summary.joined(separator: "\n"), fixture: server.name,
          location: location,
          advice:
            "It was checked when the test body ended, against every request the server had received."
        )
      ]
    }

    private func matches(_ request: FakeServer.Request) -> Bool {
      guard request.method == method,
        let parameters = pattern.match(PathSegments.split(request.path))
      else { return false }
      guard let matcher else { return true }
      var request = request
      request.parameters = parameters
      return (try? matcher(request)) ?? false
    }
  }
#endif
