// swift-format-ignore-file
// The code examples of CleanSlateTesting's documentation (its DocC catalog), compiled:
// scripts/check-doc-examples.sh checks that each example is here.
import CleanSlateTesting
import Foundation
import Testing
import XCTest

extension Fixture where Value == URL {
  static let scratch = Fixture("scratch") { context in          // 1. declare a fixture
    let url = try makeUniqueDirectory()
    context.addTeardown { try FileManager.default.removeItem(at: url) }
    return url
  }
}

@Suite(.cleanSlate)                                              // 2. open the scopes
struct ExportTests {
  @Test(.fixtures(.scratch))                                     // 3. set it up eagerly (optional)
  func writesTheArchive() async throws {
    let directory = try await use(.scratch)                      // 4. use it
    try Exporter().write(to: directory)
    #expect(FileManager.default.fileExists(atPath: directory.appending(path: "out.zip").path))
  }
}

@Test(.cleanSlate) func savesThroughTheTransport() async throws {
  let transport = MockTransport()
  verifyLater(transport)                            // verified when the body ends
  let store = Store(transport: transport)
  expectNotification(.storeDidSave, object: store)  // posted by then, or an issue here
  expectDeallocation(of: store)                     // released once every teardown ran
  try await store.save(Item())
}
