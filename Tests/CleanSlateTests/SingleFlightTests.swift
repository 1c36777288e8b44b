import CleanSlateTestSupport
import Testing

@testable import CleanSlate

/// Rule "Scopes": suite- and process-scoped setup is single-flight under concurrent tests.
@Suite struct SingleFlightTests {
  @Test func fiftyConcurrentTestsShareOneSuiteSetup() async throws {
    // Given a slow suite fixture
    let journal = Journal()
    let database = Fixture("database", scope: .suite) { _ in
      journal.record("setup")
      try await Task.sleep(for: .milliseconds(20))
      return "db"
    }
    let scopes = Scopes()

    // When 50 tests ask for it at the same time
    let values = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<50 {
        group.addTask {
          let test = scopes.test("Suite/test\(index)()")
          let value = try await test.use(database, at: CodeLocation())
          await test.end()
          return value
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    // Then setup ran once and every test got its value
    #expect(journal.count(of: "setup") == 1)
    #expect(values == Array(repeating: "db", count: 50))
  }

  @Test func cancellingTheFirstAskerDoesNotFailTheSharedFixture() async throws {
    // Given a slow suite fixture, first asked for by a test that is then cancelled
    let database = Fixture("database", scope: .suite) { _ in
      try await Task.sleep(for: .milliseconds(50))
      return "db"
    }
    let scopes = Scopes()
    let first = Task {
      let test = scopes.test("Suite/first()")
      let result = await Result.capturing { try await test.use(database, at: CodeLocation()) }
      await test.end()
      return try result.get()
    }
    try await Task.sleep(for: .milliseconds(5))
    first.cancel()

    // When another test asks for it
    let second = scopes.test("Suite/second()")
    let value = try await second.use(database, at: CodeLocation())

    // Then the shared setup completed for both
    #expect(value == "db")
    #expect(try await first.value == "db")
    await second.end()
  }
}
