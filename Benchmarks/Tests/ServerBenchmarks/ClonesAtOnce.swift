import CleanSlatePostgres
import CleanSlateTesting
import Foundation
import Testing

// Seven tests that start at once, each asking for a PostgreSQL database of its own, as a
// Hummingbird app's suite does (run-clones.sh): how long each waits for its database, from the
// trace's setups of `todosDatabase`.

extension Fixture where Value == PostgresTestDatabase {
  static let todosDatabase = Fixture.postgresDatabase("todosDatabase")
}

@Suite(.cleanSlate) struct ClonesAtOnce {
  @Test(arguments: 0..<7) func getsADatabaseOfItsOwn(number: Int) async throws {
    let database = try await use(.todosDatabase)
    #expect(!database.name.isEmpty)
    // As long as a test of a few requests, so that the seven overlap.
    try await Task.sleep(for: .milliseconds(20))
  }
}
