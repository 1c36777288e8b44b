import CleanSlateTestSupport
import Testing

@testable import CleanSlate

/// Rule "Scopes": a fixture's value is cached for its scope and shared inside it.
@Suite struct FixtureScopeTests {
  @Test func testFixtureIsCreatedOncePerTest() async throws {
    // Given a test-scoped fixture that counts its setups
    let journal = Journal()
    let counter = Fixture("counter") { _ in
      journal.record("setup"); return journal.all.count
    }
    let scopes = Scopes()

    // When one test uses it twice and a second test uses it once
    let first = scopes.test("Suite/first()")
    let a = try await first.use(counter, at: CodeLocation())
    let b = try await first.use(counter, at: CodeLocation())
    await first.end()
    let second = scopes.test("Suite/second()")
    let c = try await second.use(counter, at: CodeLocation())
    await second.end()

    // Then the first test sees one value, and the second test gets its own
    #expect(a == b)
    #expect(c != a)
    #expect(journal.count(of: "setup") == 2)
  }

  @Test func suiteFixtureIsSharedByTheTestsOfItsSuite() async throws {
    // Given a suite-scoped fixture
    let journal = Journal()
    let shared = Fixture("shared", scope: .suite) { _ in
      journal.record("setup"); return 42
    }
    let scopes = Scopes()

    // When two tests of the suite use it
    for name in ["Suite/a()", "Suite/b()"] {
      let test = scopes.test(name)
      #expect(try await test.use(shared, at: CodeLocation()) == 42)
      await test.end()
    }

    // Then it was set up once, and lives until the suite ends
    #expect(journal.count(of: "setup") == 1)
  }

  @Test func suiteFixtureIsTornDownWhenItsSuiteEndsNotWithTheTest() async throws {
    // Given a suite fixture with a teardown, used by a test
    let journal = Journal()
    let shared = Fixture("shared", scope: .suite) { context in
      context.addTeardown { journal.record("teardown shared") }
      return 1
    }
    let scopes = Scopes()
    let test = scopes.test()
    _ = try await test.use(shared, at: CodeLocation())

    // When the test ends, then the suite
    await test.end()
    let afterTest = journal.all
    await scopes.suite.end()

    // Then the teardown waited for the suite
    #expect(afterTest.isEmpty)
    #expect(journal.all == ["teardown shared"])
  }

  @Test func processFixtureLivesInTheWidestScope() async throws {
    // Given a process fixture used from tests of two different suites
    let journal = Journal()
    let global = Fixture("global", scope: .process) { _ in
      journal.record("setup"); return 7
    }
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(nil), sink: .collecting)
    for suiteName in ["A", "B"] {
      let suite = ScopeRuntime(.suite, name: suiteName, parent: root)
      let test = ScopeRuntime(.test, name: "\(suiteName)/t()", parent: suite)
      _ = try await test.use(global, at: CodeLocation())
      await test.end()
      await suite.end()
    }

    // Then both suites shared one setup
    #expect(journal.count(of: "setup") == 1)
  }

  @Test func suiteFixtureWithoutASuiteLivesInTheProcessScope() async throws {
    // Given a test scope directly under a process scope (a test outside any suite)
    let journal = Journal()
    let shared = Fixture("shared", scope: .suite) { _ in
      journal.record("setup"); return 1
    }
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(nil), sink: .collecting)

    // When two such tests use a suite fixture
    for _ in 0..<2 {
      let test = ScopeRuntime(.test, name: "t()", parent: root)
      _ = try await test.use(shared, at: CodeLocation())
      await test.end()
    }

    // Then it is kept in the process scope and set up once
    #expect(journal.count(of: "setup") == 1)
  }

  @Test func globalUseResolvesInTheCurrentScope() async throws {
    // Given a fixture and a current test scope
    let value = Fixture("value") { _ in "hello" }
    let test = Scopes().test()

    // When the global use(_:) is called inside the scope
    let result = try await test.withCurrent { try await use(value) }

    // Then it resolved there
    #expect(result == "hello")
    await test.end()
  }

  @Test func globalUseFromATaskThatDoesNotInheritTheScopeSaysSo() async throws {
    // Given a running test, and a detached task that does not inherit its scope
    let value = Fixture("value") { _ in 1 }
    let test = Scopes().test()

    // When use(_:) is called in that task, then it fails saying why, and the way out
    let error = await test.withCurrent {
      await Task.detached {
        await #expect(throws: CleanSlateError.self) { try await use(value) }
      }.value
    }
    #expect(error?.code == .noActiveScope)
    #expect(
      error?.summary
        == "use(.value) was called from a task that does not inherit the running test's CleanSlate scope."
    )
    #expect(
      error?.advice
        == "Tasks made with Task.detached, Dispatch queues and threads of their own do not see the test's scope. Pass the value in (get it with use in the test, before the work starts), or run the work in a child task: async let, a task group, or Task { } started by the test."
    )
    await test.end()
  }
}
