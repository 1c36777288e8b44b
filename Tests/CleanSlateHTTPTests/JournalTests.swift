#if HTTP
  import CleanSlate
  import CleanSlateHTTP
  import CleanSlateTesting
  import Testing

  /// The journal: every request received, in order, with its body, readable at any time — even
  /// one whose client went away before the answer.
  @Suite(.cleanSlate) struct JournalTests {
    @Test func everyRequestIsJournaledInOrderWithItsBody() async throws {
      let api = try await use(.api)
      api.allowsUnmatchedRequests = true
      #expect(api.journal.isEmpty)

      _ = try await Client.send("POST", "/todos", to: api, json: ["title": "Milk"])
      #expect(api.journal.count == 1)
      _ = try await Client.send("GET", "/todos?done=false", to: api)
      _ = try await Client.send("GET", "/nowhere", to: api)

      let journal = api.journal
      #expect(journal.map(\.method) == [.post, .get, .get])
      #expect(journal.map(\.path) == ["/todos", "/todos", "/nowhere"])
      #expect(try journal[0].json == ["title": "Milk"])
      #expect(journal[1].query == ["done": "false"])
    }

    @Test func aClientThatDisconnectsEarlyLosesNothing() async throws {
      // Given a route that answers late
      let api = try await use(.bare)
      let answered = Locked(false)
      api.route(.post, "/upload") { _ in
        try await Task.sleep(for: .milliseconds(100))
        answered.withLock { $0 = true }
        return .empty
      }

      // When a client sends a request and goes away at once
      do {
        let connection = try await RawConnection.connect(to: api.port)
        await connection.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
      }

      // Then the request is in the journal with its body, and the handler still ran, as a real
      // server's would
      #expect(await eventually { !api.journal.isEmpty })
      #expect(api.journal.map(\.text) == ["hello"])
      #expect(await eventually { answered.value })
    }
  }
#endif
