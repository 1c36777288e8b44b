import CleanSlateTestSupport
import Testing

@testable import CleanSlate

/// Rule "Setup order": dependencies first, then call order; a fixture may only depend on the
/// same or a wider scope; cycles are errors, never hangs.
@Suite struct SetupOrderTests {
  @Test func dependenciesAreSetUpBeforeTheFixturesThatUseThem() async throws {
    // Given store → (scratch, config), and a separate logger
    let journal = Journal()
    let scratch = Fixture("scratch") { _ in journal.record("scratch") }
    let config = Fixture("config") { _ in journal.record("config") }
    let store = Fixture("store") { context in
      try await context.use(scratch)
      try await context.use(config)
      journal.record("store")
    }
    let logger = Fixture("logger") { _ in journal.record("logger") }
    let test = Scopes().test()

    // When the test asks for logger, then store, then scratch again
    try await test.use(logger, at: CodeLocation())
    try await test.use(store, at: CodeLocation())
    try await test.use(scratch, at: CodeLocation())

    // Then each was set up once, dependencies first, then in call order
    #expect(journal.all == ["logger", "scratch", "config", "store"])
    await test.end()
  }

  @Test func teardownsUndoSetupInReverseOrder() async throws {
    // Given store depending on scratch, each registering a teardown
    let journal = Journal()
    let scratch = Fixture("scratch") { context in
      context.addTeardown { journal.record("teardown scratch") }
    }
    let store = Fixture("store") { context in
      try await context.use(scratch)
      context.addTeardown { journal.record("teardown store") }
    }
    let test = Scopes().test()
    try await test.use(store, at: CodeLocation())

    // When the test ends
    let failures = await test.endCollectingFailures()

    // Then the store goes before what it was built on
    #expect(failures.isEmpty)
    #expect(journal.all == ["teardown store", "teardown scratch"])
  }

  @Test func aSuiteFixtureCannotUseATestFixture() async throws {
    // Given a suite fixture that asks for a test fixture
    let scratch = Fixture("scratch") { _ in 1 }
    let useLine = #line + 2
    let database = Fixture("database", scope: .suite) { context in
      try await context.use(scratch)
    }
    let test = Scopes().test()

    // When a test uses the suite fixture
    let error = await #expect(throws: FixtureUnavailable.self) {
      try await test.use(database, at: CodeLocation())
    }?.failure

    // Then the error names both fixtures and their scopes
    #expect(error?.code == .scopeMismatch)
    #expect(
      error?.summary
        == "Fixture 'database' (suite scope) cannot use 'scratch' (test scope) at CleanSlateTests/SetupOrderTests.swift:\(useLine): it would be torn down while 'database' still needs it."
    )
    #expect(error?.dependencyPath == ["database", "scratch"])
    await test.end()
  }

  @Test func aTestFixtureUsedOutsideAnyTestIsAnError() async throws {
    // Given a suite scope with no test running
    let scratch = Fixture("scratch") { _ in 1 }
    let scopes = Scopes()

    // When suite-level code asks for a test fixture
    let error = await #expect(throws: FixtureUnavailable.self) {
      try await scopes.suite.use(scratch, at: CodeLocation())
    }?.failure

    // Then it is refused, naming the fixture and the scope
    #expect(error?.code == .scopeMismatch)
    #expect(
      error?.summary
        == "Fixture 'scratch' is test-scoped but was used in the suite scope 'Suite', outside any test."
    )
  }

  @Test func aDependencyCycleIsAnErrorNotAHang() async throws {
    // Given a → b → a
    let cycle = CycleFixtures()
    let test = Scopes().test()

    // When a test asks for a
    let error = await #expect(throws: FixtureUnavailable.self) {
      try await test.use(cycle.a, at: CodeLocation())
    }?.failure

    // Then the cycle is named in order
    #expect(error?.code == .dependencyCycle)
    #expect(error?.summary == "Fixtures depend on each other in a cycle: a → b → a.")
    await test.end()
  }

  @Test func aCycleStartedFromBothEndsByParallelTestsIsAnErrorNotAHang() async throws {
    // Given suite fixtures a → b → a, both slow to start
    let cycle = CycleFixtures(scope: .suite, delay: .milliseconds(20))
    let scopes = Scopes()

    // When one test asks for a while another asks for b
    async let first = Result.capturing {
      try await scopes.test("Suite/first()").use(cycle.a, at: CodeLocation())
    }
    async let second = Result.capturing {
      try await scopes.test("Suite/second()").use(cycle.b, at: CodeLocation())
    }
    let results = await [first, second]

    // Then both fail, and at least one names the cycle
    let errors = results.compactMap { result -> CleanSlateError? in
      if case .failure(let error) = result { return (error as? FixtureUnavailable)?.failure }
      return nil
    }
    #expect(errors.count == 2)
    #expect(errors.contains { $0.code == .dependencyCycle })
  }
}

/// Two fixtures that ask for each other.
private final class CycleFixtures: Sendable {
  let a: Fixture<Int>
  let b: Fixture<Int>

  init(scope: FixtureScope = .test, delay: Duration = .zero) {
    let box = Locked<Fixture<Int>?>(nil)
    b = Fixture("b", scope: scope) { context in
      try await Task.sleep(for: delay)
      return try await context.use(box.withLock { $0! })
    }
    let b = self.b
    a = Fixture("a", scope: scope) { context in
      try await Task.sleep(for: delay)
      return try await context.use(b)
    }
    box.withLock { $0 = a }
  }
}
