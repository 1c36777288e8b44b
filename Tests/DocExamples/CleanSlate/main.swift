// swift-format-ignore-file
// The code examples of CleanSlate's documentation (its DocC catalog), compiled, never run:
// scripts/check-doc-examples.sh checks that each example is here. Some end in statements after
// a declaration, which only a main file may hold.
import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

extension Fixture where Value == URL {
  static let scratch = Fixture("scratch") { context in             // 1. name it
    let url = try makeUniqueDirectory()                            // 2. create the value
    context.addTeardown { try FileManager.default.removeItem(at: url) }  // 3. undo it
    return url
  }
}

let directory = try await use(.scratch)                            // 4. use it in a test

final class MockTransport: Transport, SelfVerifying {
  private(set) var unmet: [Request] = []
  func verify() throws {
    guard unmet.isEmpty else { throw UnmetRequests(unmet) }
  }
}

let transport = MockTransport()
verifyLater(transport)         // the same function in XCTest and Swift Testing
