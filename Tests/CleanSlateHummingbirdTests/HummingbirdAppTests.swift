#if Hummingbird
  import CleanSlate
  import CleanSlateHummingbird
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import Testing

  extension Fixture where Value == NoteStore {
    static let notes = Fixture("notes") { _ in NoteStore() }
  }

  extension Fixture where Value == HummingbirdTestClient {
    static let notesAPI = Fixture.hummingbirdApp("notesAPI") { context in
      try await buildApplication(store: context.use(.notes))
    }

    static let liveNotesAPI = Fixture.hummingbirdApp("liveNotesAPI", testing: .live) { context in
      try await buildApplication(store: context.use(.notes))
    }

    static let notesAPIOverAHC = Fixture.hummingbirdApp("notesAPIOverAHC", testing: .ahc(.http)) {
      context in
      try await buildApplication(store: context.use(.notes))
    }
  }

  @Suite(.cleanSlate) struct HummingbirdAppTests {
    @Test func routerModeSendsRequestsStraightToTheRouter() async throws {
      let client = try await use(.notesAPI)
      try await client.execute(uri: "/notes", method: .post, body: ByteBuffer(string: "milk")) {
        #expect($0.status == .created)
      }
      try await client.execute(uri: "/notes", method: .get) { response in
        #expect(String(buffer: response.body) == "milk")
      }
      #expect(client.port == nil)
      #expect(try await use(.notes).all == ["milk"])
    }

    @Test func liveModeServesOnAPortOfItsOwn() async throws {
      let client = try await use(.liveNotesAPI)
      #expect(client.port != nil)
      try await client.execute(uri: "/notes", method: .post, body: ByteBuffer(string: "eggs")) {
        #expect($0.status == .created)
      }
      #expect(try await use(.notes).all == ["eggs"])
    }

    @Test func ahcModeServesOverAsyncHTTPClient() async throws {
      let client = try await use(.notesAPIOverAHC)
      try await client.execute(uri: "/notes", method: .get) { #expect($0.status == .ok) }
    }

    @Test(arguments: 0..<20) func parallelTestsEachHaveTheirOwnApp(index: Int) async throws {
      let client = try await use(.liveNotesAPI)
      try await client.execute(
        uri: "/notes", method: .post, body: ByteBuffer(string: "note \(index)"))
      try await client.execute(uri: "/notes", method: .get) { response in
        #expect(String(buffer: response.body) == "note \(index)")
      }
    }
  }

  @Suite struct HummingbirdAppLifecycleTests {
    @Test func aLivePortRefusesConnectionsOnceTheTestHasEnded() async throws {
      // Given a test that used a live app.
      let process = makeProcessScope()
      let port = Box<Int?>(nil)
      let note = "note-\(UUID().uuidString)"
      let failures = try await runTestScope("Notes/live()", in: process) {
        let client = try await use(.liveNotesAPI)
        port.value = client.port
        try await client.execute(uri: "/notes", method: .post, body: ByteBuffer(string: note)) {
          #expect($0.status == .created)
        }
        #expect(await servesNote(note, onPort: try #require(client.port)))
      }
      await process.end()
      // Then, the test over, its app no longer answers on that port.
      #expect(failures.isEmpty)
      #expect(await !servesNote(note, onPort: try #require(port.value)))
    }

    @Test(arguments: [false, true]) func theAppShutsDownGracefullyAfterEveryOutcome(
      failing: Bool
    )
      async throws
    {
      // Given an app with a service of its own, used by a test that passes or fails.
      let events = Box<[String]>([])
      let app = Fixture.hummingbirdApp("withService", testing: .live) { context in
        buildApplication(store: NoteStore(), services: [RecordingService(events: events)])
      }
      let process = makeProcessScope()
      // When the test ends.
      _ = try await runTestScope("Notes/service()", in: process, failing: failing) {
        _ = try await use(app)
        #expect(events.value == ["service started"])
      }
      await process.end()
      // Then the service was shut down gracefully.
      #expect(events.value == ["service started", "service shut down gracefully"])
    }

    @Test func theAppStopsBeforeTheFixturesItWasBuiltFrom() async throws {
      // Given an app built from a fixture whose teardown notes whether the app still answers.
      let port = Box<Int?>(nil)
      let note = "note-\(UUID().uuidString)"
      let servedWhenStoreWentAway = Box<Bool?>(nil)
      let store = Fixture<NoteStore>("store") { context in
        context.addTeardown {
          if let port = port.value {
            servedWhenStoreWentAway.value = await servesNote(note, onPort: port)
          }
        }
        let store = NoteStore()
        store.add(note)
        return store
      }
      let app = Fixture.hummingbirdApp("ordered", testing: .live) { context in
        try await buildApplication(store: context.use(store))
      }
      let process = makeProcessScope()
      // When a test uses it and ends.
      _ = try await runTestScope("Notes/ordered()", in: process) {
        port.value = try await use(app).port
      }
      await process.end()
      // Then the app had stopped answering before the store was torn down.
      #expect(servedWhenStoreWentAway.value == false)
    }

    @Test func aBuildThatThrowsFailsTheTestAtTheFixture() async throws {
      struct NoConfiguration: Error {}
      let app = Fixture<HummingbirdTestClient>.hummingbirdApp("broken") {
        _ -> Application<RouterResponder<BasicRequestContext>> in
        throw NoConfiguration()
      }
      let process = makeProcessScope()
      await #expect {
        _ = try await runTestScope("Notes/broken()", in: process) { _ = try await use(app) }
      } throws: { error in
        let failure = (error as? FixtureUnavailable)?.failure
        return failure?.fixture == "broken" && "\(failure as Any)".contains("NoConfiguration")
      }
      await process.end()
    }
  }
#endif
