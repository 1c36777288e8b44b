// swift-format-ignore-file
// The code examples of CleanSlateXCTest's documentation (its DocC catalog), compiled:
// scripts/check-doc-examples.sh checks that each example is here. The article builds one class
// step by step; its steps are one class here.
import CleanSlateXCTest
import Foundation
import XCTest

extension Fixture where Value == URL {
  static let scratch = Fixture("scratch") { context in
    let url = try makeUniqueDirectory()
    context.addTeardown { try FileManager.default.removeItem(at: url) }
    return url
  }
}

final class StoreTests: FixtureTestCase {
  @Resettable var store: Store!

  override func setUp() async throws {
    try await super.setUp()
    store = try Store(directory: await use(.scratch))
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    store = try Store(directory: use(.scratch))
  }

  func testSaves() throws {
    let transport = MockTransport()
    verifyLater(transport)
    try store.save(Item(), via: transport)
    expectDeallocation(of: transport)
  }
}
