#if HTTP
  import CleanSlate
  import CleanSlateHTTP
  import CleanSlateTestSupport
  import Testing

  /// A failed test gets its fake server's journal attached; the attachment keeps nothing alive.
  @Suite struct JournalAttachmentTests {
    static let api = Fixture.fakeServer("api") { server in
      server.stub(.get, "/health", response: .status(200))
    }

    @Test func aFailedTestGetsTheWholeJournalAndTheServerIsStillReleased() async throws {
      // Given a test that sends two requests to its fake, then fails
      let test = Scopes().test("Suite/fails()")
      weak var server: FakeServer?
      try await test.withCurrent {
        let api = try await test.use(Self.api, at: CodeLocation())
        server = api
        _ = try await Client.send("GET", "/health", to: api)
        _ = try await Client.send("GET", "/health?probe=2", to: api)
        test.expectDeallocation(of: api, at: CodeLocation())
      }
      test.markFailed()

      // When the test ends
      let failures = await test.endCollectingFailures()
      let attachments = await test.failureAttachments()

      // Then the server was released by its teardown, and the journal is attached in full
      #expect(failures.isEmpty)
      #expect(server == nil)
      let journal = try #require(attachments.first { $0.name == "api journal.txt" })
      #expect(journal.contents.contains("requests received (2):"))
      #expect(journal.contents.contains("GET /health?probe=2"))
    }

    @Test func aPassingTestsFakeAttachesNothing() async throws {
      // Given a test that uses its fake and passes
      let test = Scopes().test()
      try await test.withCurrent {
        _ = try await Client.send(
          "GET", "/health", to: try await test.use(Self.api, at: CodeLocation()))
      }

      // When it ends
      await test.end()

      // Then no journal is attached
      #expect(await test.failureAttachments().allSatisfy { $0.name != "api journal.txt" })
    }
  }
#endif
