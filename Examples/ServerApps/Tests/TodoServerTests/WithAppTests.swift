import CleanSlateTesting
import CleanSlateVapor
import Testing
import TodoServer
import VaporTesting

/// The app's own test helper, as a suite written before CleanSlate calls it in every test: its
/// body is now one line, and its call sites are unchanged.
func withApp(_ test: (Application) async throws -> Void) async throws {
  try await test(use(.app))
}

// Once `.serialized`: its tests shared one database. Each now has its own, so they run in
// parallel.
@Suite(.cleanSlate) struct WithAppTests {
  @Test(arguments: 1...5) func startsWithNoTodos(number: Int) async throws {
    try await withApp { app in
      try await Todo(title: "todo \(number)").save(on: app.db)
      try await app.testing().test(.GET, "todos") { response async throws in
        #expect(try response.content.decode([Todo].self).count == 1)
      }
    }
  }
}
