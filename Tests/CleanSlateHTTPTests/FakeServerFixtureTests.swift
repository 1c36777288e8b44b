#if HTTP
  import CleanSlate
  import CleanSlateHTTP
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import Testing

  /// A fake server is a fixture: each test gets its own, on 127.0.0.1 and a port of its own, and
  /// its teardown closes the port and every connection whatever the test's outcome; a suite-scoped
  /// one is shared by the suite's tests.
  @Suite struct FakeServerFixtureTests {
    @Test func eachTestGetsItsOwnServerOnAnEphemeralLoopbackPort() async throws {
      // Given two tests using the same fixture
      let servers = Locked<[FakeServer]>([])

      // When each records in its server's store
      for title in ["first", "second"] {
        _ = try await TraitRun.run {
          let api = try await use(.api)
          servers.withLock { $0.append(api) }
          api.resource("/todos").insert(["title": .string(title)])
        }
      }

      // Then they had two servers, on two ports, each with its own store
      let (first, second) = (servers.value[0], servers.value[1])
      #expect(first !== second)
      #expect(first.port != second.port && first.port > 0)
      #expect(first.baseURL.absoluteString == "http://127.0.0.1:\(first.port)")
      #expect(first.resource("/todos").records.map { $0["title"] } == ["first"])
      #expect(second.resource("/todos").records.map { $0["title"] } == ["second"])
    }

    @Test func theTeardownClosesThePortAndEveryOpenConnection() async throws {
      // Given a test that leaves a kept-alive connection open after an answer
      let kept = Locked<(RawConnection, Int)?>(nil)
      let run = try await TraitRun.run {
        let api = try await use(.api)
        let connection = try await RawConnection.connect(to: api.port)
        await connection.send("GET /users/1 HTTP/1.1\r\nHost: test\r\n\r\n")
        let answer = await connection.receive(through: #"{"id":"1"}"#)
        #expect(answer.text.hasPrefix("HTTP/1.1 200 OK"))
        kept.withLock { $0 = (connection, api.port) }
      }

      // When the test has ended
      let (connection, port) = try #require(kept.value)

      // Then the connection was closed by the server, and nothing listens on the port
      #expect(run.issues.isEmpty)
      #expect(await connection.receive().end == .closed)
      #expect(await RawConnection.isRefused(port: port))
    }

    @Test func aHandlerStillRunningIsCancelledAndDoesNotHoldTheTeardown() async throws {
      // Given a route whose handler waits for an hour, and a request it is answering
      let port = Locked(0)
      let run = try await TraitRun.run {
        let api = try await use(.bare)
        api.route(.get, "/slow") { _ in
          try await Task.sleep(for: .seconds(3_600))
          return .empty
        }
        let connection = try await RawConnection.connect(to: api.port)
        await connection.send("GET /slow HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(await eventually { !api.journal.isEmpty })
        port.withLock { $0 = api.port }
      }

      // When the test ends, then the teardown returned, the cancellation is no failure, and the
      // port is closed
      #expect(run.issues.isEmpty)
      #expect(await RawConnection.isRefused(port: port.value))
    }

    @Test func aSuiteScopedServerIsSharedByTheSuitesTests() async throws {
      // Given a suite-scoped server
      let shared = Fixture.fakeServer("shared", scope: .suite) { server in server.resource("/notes")
      }
      let counts = Locked<[Int]>([])
      let root = ScopeRuntime(
        .process, name: "process", parent: nil, observer: .some(nil), sink: .collecting)

      // When two tests of one suite each add a note and count them
      try await root.withCurrent {
        let suite = CleanSlateTrait.cleanSlate
        try await suite.provideScope(for: ScopeTarget(.suite, name: "Notes")) {
          for index in 1...2 {
            try await suite.provideScope(for: ScopeTarget(.test, name: "Notes/test\(index)()")) {
              let api = try await use(shared)
              _ = try await Client.send(
                "POST", "/notes", to: api, json: ["index": .number(Double(index))])
              let list = try await Client.send("GET", "/notes", to: api)
              counts.withLock { $0.append(try! list.json.arrayValue!.count) }
            }
          }
        }
      }
      await root.end()

      // Then the second test saw the first one's note too
      #expect(counts.value == [1, 2])
    }
  }
#endif
