#if HTTP
  import CleanSlate
  import CleanSlateHTTP
  import CleanSlateTestSupport
  import Foundation
  import Testing

  /// Requests no route matches: answered 404 (or what the test chose), and reported with the
  /// closest routes unless the test allows them.
  @Suite struct UnmatchedRequestTests {
    @Test func allowedUnmatchedRequestsAreAnsweredAndNotReported() async throws {
      let run = try await TraitRun.run {
        let api = try await use(.api)
        api.allowsUnmatchedRequests = true
        let reply = try await Client.send("GET", "/todo", to: api)
        #expect(reply.status == 404)
        #expect(try reply.json == ["error": "No route of this fake server matches the request."])
      }
      #expect(run.issues.isEmpty)
    }

    @Test func theUnmatchedResponseCanBeChosen() async throws {
      let run = try await TraitRun.run {
        let api = try await use(.api)
        api.unmatchedResponse = .text("nope", status: .notImplemented)
        let reply = try await Client.send("GET", "/todo", to: api)
        #expect(reply.status == 501 && reply.text == "nope")
      }
      #expect(run.failures.map(\.summary) == [unmatchedTodoReport(answered: 501)])
    }

    @Test func aRequestFarFromEveryRouteListsTheRoutes() async throws {
      let run = try await TraitRun.run {
        let api = try await use(.bare)
        api.allowsUnmatchedRequests = false
        api.route(.get, "/a") { _ in .empty }
        _ = try await Client.send("GET", "/completely/elsewhere/entirely", to: api)
      }
      #expect(
        run.failures.map(\.summary) == [
          """
          Fake server 'bare' received GET /completely/elsewhere/entirely, which no route matches; it answered 404.
            no route is close: the routes are GET /a
            requests received (1):
              1. GET /completely/elsewhere/entirely → 404 (no route)
          """
        ])
    }

    @Test func anExpectationDeclaredOutsideATestIsReported() async throws {
      // Given a test that declares an expectation from a detached task, outside its scope
      let line = Locked(0)
      let run = try await TraitRun.run {
        let api = try await use(.api)
        await Task.detached {
          line.withLock { $0 = #line + 1 }
          api.expect(.get, "/todos")
        }.value
      }

      // Then the test learns it could not be checked, at that line
      #expect(run.failures.map(\.code) == [.noActiveScope])
      #expect(run.issues.first?.sourceLocation?.line == line.value)
    }
  }

  /// Requests that arrive after the body ended, when its checks have run: the teardown reports them.
  @Suite struct LateIncidentTests {
    @Test func requestsAfterTheBodyEndedAreReportedByTheTeardownAsOneFailure() async throws {
      // Given a test whose body has ended without an incident
      let root = ScopeRuntime(
        .process, name: "process", parent: nil, observer: .some(nil), sink: .collecting)
      let test = ScopeRuntime(.test, name: "Late/test()", parent: root)
      let api = try await test.withCurrent { try await use(.api) }
      #expect(await test.finishBodyCollectingFailures().isEmpty)

      // When two requests no route matches arrive before its teardown
      _ = try await Client.send("GET", "/todo", to: api)
      _ = try await Client.send("GET", "/nowhere", to: api)
      let failures = await test.endCollectingFailures()
      await root.end()

      // Then the teardown reports both, in one failure at the fixture's declaration
      #expect(failures.map(\.code) == [.unmatchedRequest])
      let summary = try #require(failures.first?.summary)
      let requests = """
          requests received (2):
            1. GET /todo → 404 (no route)
            2. GET /nowhere → 404 (no route)
        """
      #expect(
        summary == """
          Fake server 'api' received GET /todo, which no route matches; it answered 404.
            closest routes:
              GET /todos (same method, similar path), declared at \(Fixture.api.location.fileID):\(Fixture.api.location.line + 1)
              GET /todos/:id (same method, similar path), declared at \(Fixture.api.location.fileID):\(Fixture.api.location.line + 1)
          \(requests)
            and, \(Fixture.api.location): Fake server 'api' received GET /nowhere, which no route matches; it answered 404.
            no route is close: the routes are GET /todos, POST /todos, GET /todos/:id, PUT /todos/:id, PATCH /todos/:id, DELETE /todos/:id, GET /users/:id, GET /health
          \(requests)
          """)
      #expect(failures.first?.location == Fixture.api.location)
    }
  }
#endif
