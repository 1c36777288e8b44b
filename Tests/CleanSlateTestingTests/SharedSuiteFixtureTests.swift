import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Testing

/// What happened to the suite fixture shared by `SharedSuiteFixtureTests`.
enum SharedSuiteProbe {
  static let setups = Counter()
  static let teardowns = Counter()
  static let testsStarted = Counter()
  static let testsEnded = Counter()
}

/// A check that failed inside a teardown.
struct TeardownCheckFailed: Error, CustomStringConvertible {
  var description: String
}

extension Fixture where Value == Counter {
  /// A suite fixture whose teardown checks that it runs once, after every test of the suite.
  static let sharedBySuite = Fixture("sharedBySuite", scope: .suite) { context in
    SharedSuiteProbe.setups.increment()
    context.addTeardown {
      let teardowns = SharedSuiteProbe.teardowns.increment()
      let started = SharedSuiteProbe.testsStarted.value
      let ended = SharedSuiteProbe.testsEnded.value
      // Thrown errors are recorded as issues on the suite, failing the run.
      guard teardowns == 1, started > 0, started == ended else {
        throw TeardownCheckFailed(
          description: "teardown #\(teardowns) ran with \(ended) of \(started) tests ended")
      }
    }
    return Counter()
  }
}

extension Fixture where Value == Void {
  /// A test fixture that counts the tests that started and those whose scope has ended.
  static let testLifetime = Fixture<Void>("testLifetime") { context in
    SharedSuiteProbe.testsStarted.increment()
    context.addTeardown { SharedSuiteProbe.testsEnded.increment() }
  }
}

/// Rules "Scopes" and "Teardown stack" under parallel execution: a suite fixture is set up once
/// for all the suite's tests and torn down once, after the last of them.
@Suite(.fixtures(.sharedBySuite, .testLifetime))
struct SharedSuiteFixtureTests {
  @Test(arguments: 0..<50)
  func fiftyParallelTestsShareOneSuiteSetup(index: Int) async throws {
    // Given a suite fixture set up eagerly for the suite
    // When one of fifty parallel tests uses it
    await Task.yield()
    let shared = try await use(.sharedBySuite)
    shared.increment()

    // Then it was set up once and is not torn down while tests run
    // (its teardown itself fails the suite if it runs early or twice)
    #expect(SharedSuiteProbe.setups.value == 1)
    #expect(SharedSuiteProbe.teardowns.value == 0)
  }
}

/// The same guarantee, observed from outside the suite by driving the trait directly.
@Suite struct SuiteScopeOrderTests {
  @Test func theSuiteFixtureIsTornDownOnceAfterTheLastOfFiftyParallelTests() async throws {
    // Given a suite trait with a suite fixture, and a suite of fifty tests
    let driver = TraitDriver()
    let journal = Journal()
    let database = Fixture("database", scope: .suite) { context in
      journal.record("set up database")
      context.addTeardown { journal.record("tear down database") }
    }
    let trait: CleanSlateTrait = .fixtures(database)

    // When the suite runs its fifty tests in parallel, as Swift Testing does
    let issues = try await driver.run {
      try await trait.provideScope(for: .suite("Suite")) {
        try await withThrowingTaskGroup { group in
          for index in 0..<50 {
            group.addTask {
              try await trait.provideScope(for: .test("Suite/test\(index)()")) {
                try await use(database)
                await Task.yield()
                journal.record("test \(index) ran")
              }
            }
          }
          try await group.waitForAll()
        }
      }
    }

    // Then the database was set up once first, torn down once last, after every test scope
    let outline = driver.events.outline
    let lastTestEnd = try #require(outline.lastIndex { $0.hasPrefix("scopeEnd Suite/test") })
    let teardown = try #require(outline.firstIndex(of: "teardownEnd database passed"))
    #expect(issues.isEmpty)
    #expect(journal.count(of: "set up database") == 1)
    #expect(journal.count(of: "tear down database") == 1)
    #expect(journal.all.first == "set up database")
    #expect(journal.all.last == "tear down database")
    #expect(outline.filter { $0.hasPrefix("scopeEnd Suite/test") }.count == 50)
    #expect(teardown > lastTestEnd)
    #expect(outline.last == "scopeEnd Suite passed")
  }

  @Test func aNestedSuiteGetsASuiteScopeInsideItsOuterSuite() async throws {
    // Given a suite trait inherited by a nested suite, and a suite fixture
    let driver = TraitDriver()
    let setups = Counter()
    let perSuite = Fixture("perSuite", scope: .suite) { _ in setups.increment() }
    let trait: CleanSlateTrait = .cleanSlate
    let parents = Locked<[String]>([])

    // When a test of the outer suite and a test of the nested suite use the fixture
    let issues = try await driver.run {
      try await trait.provideScope(for: .suite("Outer")) {
        try await trait.provideScope(for: .test("Outer/a()")) {
          _ = try await use(perSuite)
        }
        try await trait.provideScope(for: .suite("Outer/Inner")) {
          parents.withLock { $0.append(ScopeRuntime.current?.parent?.name ?? "none") }
          try await trait.provideScope(for: .test("Outer/Inner/b()")) {
            _ = try await use(perSuite)
          }
        }
      }
    }

    // Then each suite had its own value, and the nested suite lives inside the outer one
    #expect(issues.isEmpty)
    #expect(setups.value == 2)
    #expect(parents.value == ["Outer"])
  }
}
