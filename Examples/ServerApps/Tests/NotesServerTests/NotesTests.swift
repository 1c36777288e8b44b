import CleanSlateHummingbird
import CleanSlateTesting
import Hummingbird
import HummingbirdTesting
import NotesServer
import Testing

extension Fixture where Value == NoteStore {
  /// The store the app is built with: a fixture, so a test can read it too.
  static let notes = Fixture("notes") { _ in NoteStore() }
}

extension Fixture where Value == HummingbirdTestClient {
  /// The app, requests sent straight to its router.
  static let api = Fixture.hummingbirdApp("api") { context in
    try await buildApplication(store: context.use(.notes))
  }

  /// The app serving on a port of its own.
  static let liveAPI = Fixture.hummingbirdApp("liveAPI", testing: .live) { context in
    try await buildApplication(store: context.use(.notes))
  }
}

@Suite(.cleanSlate) struct NotesTests {
  @Test func addsANote() async throws {
    let client = try await use(.api)
    try await client.execute(uri: "/notes", method: .post, body: ByteBuffer(string: "milk")) {
      #expect($0.status == .created)
    }
    #expect(try await use(.notes).all == ["milk"])
  }

  @Test func refusesAnEmptyNote() async throws {
    let client = try await use(.api)
    try await client.execute(uri: "/notes", method: .post) { #expect($0.status == .badRequest) }
  }

  @Test func servesOverTCP() async throws {
    let client = try await use(.liveAPI)
    #expect(client.port != nil)
    try await use(.notes).add("eggs")
    try await client.execute(uri: "/notes", method: .get) { response in
      #expect(String(buffer: response.body) == "eggs")
    }
  }
}
