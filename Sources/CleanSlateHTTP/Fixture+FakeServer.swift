#if HTTP
  public import CleanSlate

  extension Fixture where Value == FakeServer {
    /// Creates a fixture that starts a fake HTTP server for each test that uses it (or once per
    /// suite or process, as `scope` says), configured by `configure`.
    ///
    /// A fixture is identified by its instance, so store the result in a `static let` and use
    /// that one everywhere:
    ///
    /// ```swift
    /// extension Fixture where Value == FakeServer {
    ///   static let api = Fixture.fakeServer("api") { server in
    ///     server.resource("/todos")
    ///     server.stub(.get, "/health", response: .status(200))
    ///   }
    /// }
    ///
    /// let api = try await use(.api)     // listening on http://127.0.0.1:<port>
    /// ```
    ///
    /// Setup starts the server on 127.0.0.1 and an ephemeral port (so parallel tests never
    /// collide), then runs `configure`, where ``FakeServer/baseURL`` is already known. The
    /// teardown stops it: the port is closed, every connection too, and handlers still running
    /// are cancelled, whether the test passed, failed or threw. When the body ends, each request
    /// no route matched and each handler that threw fails the test (see ``FakeServer``).
    /// A test that fails gets the server's whole journal as an attachment (`<name> journal.txt`).
    ///
    /// - Parameters:
    ///   - name: The fixture's name, shown in failures and in the trace.
    ///   - scope: How long one server lives: `.test` by default. A suite- or process-scoped server
    ///     is shared by the tests in that scope, with its routes, store, journal and faults.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    ///   - configure: Declares the server's routes, resources and stubs.
    public static func fakeServer(
      _ name: String,
      scope: FixtureScope = .test,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column,
      configure: @escaping @Sendable (FakeServer) async throws -> Void = { _ in }
    ) -> Fixture<FakeServer> {
      let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      return Fixture(
        name, scope: scope, fileID: fileID, filePath: filePath, line: line, column: column
      ) { context in
        let server = FakeServer(name: name, location: location, scope: context.scopeRuntime)
        try server.start()
        // A failed test gets the journal as an attachment, read before the server stops: the
        // attachment is made after every teardown, and must not keep the server alive.
        let journal = Locked<String?>(nil)
        context.addFailureAttachment(named: "\(name) journal.txt") { journal.value }
        context.addTeardown(fileID: fileID, filePath: filePath, line: line, column: column) {
          if context.testFailed { journal.withLock { $0 = server.journalText } }
          try server.stop()
        }
        try await configure(server)
        return server
      }
    }
  }
#endif
