import CleanSlate
import Foundation
import TodoStore

// One set of fixtures, used by the XCTest and the Swift Testing tests alike.

extension Fixture where Value == URL {
  /// A fresh directory for one test, removed when the test ends.
  static let scratch = Fixture("scratch") { context in
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("quickstart-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    context.addTeardown { try FileManager.default.removeItem(at: url) }
    return url
  }
}

extension Fixture where Value == [String] {
  /// Seed data, loaded once for the whole suite.
  static let seedItems = Fixture("seedItems", scope: .suite) { _ in
    ["buy milk", "water the plants"]
  }
}

extension Fixture where Value == TodoStore {
  /// A store in its own directory, holding the seed items.
  static let store = Fixture("store") { context in
    let store = try TodoStore(directory: try await context.use(.scratch))
    for item in try await context.use(.seedItems) { try store.add(item) }
    return store
  }
}
