import Foundation
import Hummingbird

/// Where the app keeps its notes: a dependency it is built with.
public final class NoteStore: @unchecked Sendable {
  private let lock = NSLock()
  private var notes: [String] = []

  public init() {}

  public var all: [String] { lock.withLock { notes } }
  public func add(_ note: String) { lock.withLock { notes.append(note) } }
}

/// Builds the app over `store`: `GET /notes`, `POST /notes`.
public func buildApplication(store: NoteStore) -> some ApplicationProtocol {
  let router = Router()
  router.get("/notes") { _, _ in store.all.joined(separator: "\n") }
  router.post("/notes") { request, _ -> HTTPResponse.Status in
    let note = String(buffer: try await request.body.collect(upTo: 4096))
    guard !note.isEmpty else { return .badRequest }
    store.add(note)
    return .created
  }
  return Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
}
