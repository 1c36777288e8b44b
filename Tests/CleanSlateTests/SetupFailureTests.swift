import CleanSlateTestSupport
import Testing

@testable import CleanSlate

/// Rule "Setup failures": a failing setup skips the rest, tears down what exists, and is
/// reported once, naming the fixture and its dependency path; shared failures are cached, not
/// retried.
@Suite struct SetupFailureTests {
  @Test func aSetupThatThrowsAfterRegisteringATeardownIsStillTornDown() async throws {
    // Given a fixture that registers a teardown and then throws
    let journal = Journal()
    let halfBuilt = Fixture("halfBuilt") { context in
      context.addTeardown { journal.record("undo first half") }
      throw Boom()
    }
    let test = Scopes().test()

    // When a test uses it
    let error = await #expect(throws: FixtureUnavailable.self) {
      try await test.use(halfBuilt, at: CodeLocation())
    }?.failure
    let failures = await test.endCollectingFailures()

    // Then the error names the fixture, and what it had set up was torn down
    #expect(error?.code == .setupFailed)
    #expect(error?.fixture == "halfBuilt")
    #expect(error?.underlying is Boom)
    #expect(error?.summary == "Setup of fixture 'halfBuilt' threw: boom")
    #expect(failures.isEmpty)
    #expect(journal.all == ["undo first half"])
  }

  @Test func aFailingDependencyIsReportedOnceWithItsPath() async throws {
    // Given store → database, where the database fails after its directory was created
    let journal = Journal()
    let directory = Fixture("directory") { context in
      context.addTeardown { journal.record("remove directory") }
    }
    let database = Fixture("database") { context in
      try await context.use(directory)
      throw Boom(label: "connection refused")
    }
    let store = Fixture("store") { context in
      try await context.use(database)
      journal.record("store built")
    }
    let test = Scopes().test()

    // When the test asks for the store
    let useLine = #line + 1  // inside #expect, the call reports the macro's line
    let error = await #expect(throws: FixtureUnavailable.self) {
      try await test.use(store, at: CodeLocation())
    }?.failure
    await test.end()

    // Then one error names the database and the path to it, and the directory is gone
    #expect(error?.fixture == "database")
    #expect(error?.dependencyPath == ["store", "database"])
    #expect(
      error?.description == """
        Setup of fixture 'database' threw: connection refused
          asked for at: CleanSlateTests/SetupFailureTests.swift:\(useLine)
          fixture 'database' declared at: CleanSlateTests/SetupFailureTests.swift:\(database.location.line)
          dependency path: store → database
          What it set up before it threw is torn down when the test ends.
        """)
    #expect(journal.all == ["remove directory"])
  }

  @Test func aFailedSetupMarksTheScopeFailed() async throws {
    // Given a failing fixture
    let broken = Fixture<Int>("broken") { _ in throw Boom() }
    let test = Scopes().test()

    // When it is used
    _ = try? await test.use(broken, at: CodeLocation())

    // Then the test counts as failed, so teardowns can keep evidence
    #expect(test.hasFailed)
    await test.end()
  }

  @Test func aFailedSuiteSetupIsNotRetriedAndLaterTestsPointToTheFirst() async throws {
    // Given a suite fixture that fails
    let journal = Journal()
    let database = Fixture<Int>("database", scope: .suite) { _ in
      journal.record("setup")
      throw Boom(label: "no server")
    }
    let scopes = Scopes()

    // When three tests of the suite ask for it, one after the other
    var errors: [CleanSlateError] = []
    let useLine = #line + 3
    for index in 1...3 {
      let test = scopes.test("Suite/test\(index)()")
      do { _ = try await test.use(database, at: CodeLocation()) } catch let error
        as FixtureUnavailable
      {
        errors.append(error.failure)
      }
      await test.end()
    }

    // Then setup ran once; the first test got the full failure, the others a short pointer
    #expect(journal.count(of: "setup") == 1)
    #expect(errors.map(\.code) == [.setupFailed, .setupFailedEarlier, .setupFailedEarlier])
    #expect(
      errors[1].description == """
        Fixture 'database' (suite scope 'Suite') failed to set up earlier and is not set up again.
          asked for at: CleanSlateTests/SetupFailureTests.swift:\(useLine)
          fixture 'database' declared at: CleanSlateTests/SetupFailureTests.swift:\(database.location.line)
          See the first failure, recorded in 'Suite/test1()' at CleanSlateTests/SetupFailureTests.swift:\(useLine): Setup of fixture 'database' threw: no server
        """)
  }

  @Test func concurrentTestsWaitingOnAFailingSuiteSetupEachFailOnce() async throws {
    // Given a slow suite fixture that fails, with a teardown registered before failing
    let journal = Journal()
    let database = Fixture<Int>("database", scope: .suite) { context in
      context.addTeardown { journal.record("teardown") }
      try await Task.sleep(for: .milliseconds(20))
      throw Boom()
    }
    let scopes = Scopes()

    // When 20 tests ask for it at once
    let codes = await withTaskGroup(of: CleanSlateError.Code?.self) { group in
      for index in 0..<20 {
        group.addTask {
          let test = scopes.test("Suite/t\(index)()")
          defer { _ = test }
          let result = await Result.capturing { try await test.use(database, at: CodeLocation()) }
          await test.end()
          if case .failure(let error) = result {
            return (error as? FixtureUnavailable)?.failure.code
          }
          return nil
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    await scopes.suite.end()

    // Then exactly one full failure, the rest short, and the teardown ran once, at suite end
    #expect(codes.filter { $0 == .setupFailed }.count == 1)
    #expect(codes.filter { $0 == .setupFailedEarlier }.count == 19)
    #expect(journal.all == ["teardown"])
  }
}
