import CleanSlateTesting
import Testing
import TodoStore

/// The store, tested with Swift Testing: the same fixtures, the same clean slate.
@Suite(.cleanSlate) struct TodoStoreTests {
  @Test(.fixtures(.store)) func addingAnItemKeepsTheSeedItems() async throws {
    let store = try await use(.store)
    try store.add("call mum")
    #expect(try store.items() == ["buy milk", "water the plants", "call mum"])
  }

  @Test func everyTestStartsFromTheSeedItems() async throws {
    let store = try await use(.store)
    #expect(try store.items() == ["buy milk", "water the plants"])
  }
}
