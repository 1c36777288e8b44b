import CleanSlateXCTest
import TodoStore
import XCTest

/// The store, tested with XCTest: every test starts from the seed items, nothing else.
final class TodoStoreXCTests: FixtureTestCase {
  @Resettable var store: TodoStore!

  override func setUp() async throws {
    try await super.setUp()
    store = try await use(.store)
  }

  func testAddingAnItemKeepsTheSeedItems() throws {
    try store.add("call mum")
    XCTAssertEqual(try store.items(), ["buy milk", "water the plants", "call mum"])
  }

  func testEveryTestStartsFromTheSeedItems() throws {
    XCTAssertEqual(try store.items(), ["buy milk", "water the plants"])
  }
}
