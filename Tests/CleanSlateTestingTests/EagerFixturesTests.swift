import CleanSlateTestSupport
import CleanSlateTesting
import Testing

/// A journal per test, so that fixtures can write down the order they were set up in.
extension Fixture where Value == Journal {
  static let setupLog = Fixture("setupLog") { _ in Journal() }
}

extension Fixture where Value == Int {
  static let answer = Fixture("answer") { context in
    try await context.use(.setupLog).record("answer")
    return 42
  }
}

extension Fixture where Value == String {
  static let greeting = Fixture("greeting") { context in
    try await context.use(.setupLog).record("greeting")
    return "hello"
  }
}

extension Fixture where Value == [Bool] {
  static let flags = Fixture("flags") { context in
    try await context.use(.setupLog).record("flags")
    return [true, false]
  }
}

/// `.fixtures(...)` sets up fixtures of different value types eagerly, in the order listed,
/// before the test body runs.
@Suite struct EagerFixturesTests {
  @Test(.fixtures(.greeting, .flags, .answer))
  func fixturesAreSetUpInTheOrderListedBeforeTheBody() async throws {
    // Given fixtures listed as greeting, flags, answer
    // When the body starts
    let log = try await use(.setupLog)

    // Then all three were set up already, in that order
    #expect(log.all == ["greeting", "flags", "answer"])
  }

  @Test(.fixtures(.answer))
  func anEagerFixtureIsTheSameValueTheBodyGets() async throws {
    // Given a test that lists answer eagerly
    // When the body uses it
    let answer = try await use(.answer)
    let log = try await use(.setupLog)

    // Then it gets the cached value, set up only once
    #expect(answer == 42)
    #expect(log.all == ["answer"])
  }
}
