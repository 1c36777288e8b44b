import CleanSlateTestSupport
import Testing

@testable import CleanSlate

/// Rule "Teardown stack": every teardown runs when its scope ends, last in first out, exactly
/// once, whatever happened, shielded from cancellation; a throwing teardown does not stop the
/// others.
@Suite struct TeardownStackTests {
  @Test func teardownsRunLastInFirstOutExactlyOnce() async throws {
    // Given a fixture registering three teardowns
    let journal = Journal()
    let steps = Fixture("steps") { context in
      for step in 1...3 { context.addTeardown { journal.record("undo \(step)") } }
    }
    let test = Scopes().test()
    try await test.use(steps, at: CodeLocation())

    // When the scope is ended twice
    await test.end()
    let second = await test.endCollectingFailures()

    // Then they ran once, in reverse order
    #expect(journal.all == ["undo 3", "undo 2", "undo 1"])
    #expect(second.isEmpty)
  }

  @Test func teardownsRunAfterAFailedTest() async throws {
    // Given a fixture used by a test that then fails
    let journal = Journal()
    let resource = Fixture("resource") { context in
      context.addTeardown { journal.record("failed: \(context.testFailed)") }
    }
    let test = Scopes().test()
    try await test.use(resource, at: CodeLocation())
    test.markFailed()

    // When the test ends
    await test.end()

    // Then the teardown ran and could see that the test failed
    #expect(journal.all == ["failed: true"])
  }

  @Test func teardownKnowsWhenItsTestPassed() async throws {
    // Given a fixture whose teardown reads testFailed
    let journal = Journal()
    let resource = Fixture("resource") { context in
      context.addTeardown { journal.record("failed: \(context.testFailed)") }
    }
    let test = Scopes().test()
    try await test.use(resource, at: CodeLocation())

    // When the test ends without failing
    await test.end()

    // Then the teardown saw a passing test
    #expect(journal.all == ["failed: false"])
  }

  @Test func twoThrowingTeardownsAreBothReportedInOrderAndTheRestStillRun() async throws {
    // Given four teardowns, the middle two throwing
    let journal = Journal()
    let fixture = Fixture("fragile") { context in
      context.addTeardown { journal.record("first registered") }
      context.addTeardown { throw Boom(label: "second") }
      context.addTeardown { throw Boom(label: "third") }
      context.addTeardown { journal.record("last registered") }
    }
    let test = Scopes().test()
    try await test.use(fixture, at: CodeLocation())

    // When the scope ends
    let failures = await test.endCollectingFailures()

    // Then every teardown ran, and both errors came back, in the order they happened
    #expect(journal.all == ["last registered", "first registered"])
    #expect(failures.map(\.code) == [.teardownFailed, .teardownFailed])
    #expect(failures.map { ($0.underlying as? Boom)?.label } == ["third", "second"])
    #expect(failures.allSatisfy { $0.fixture == "fragile" })
    #expect(test.hasFailed)
  }

  @Test func aTeardownFailureNamesTheLineThatRegisteredIt() async throws {
    // Given a teardown that throws, registered on a known line
    let registrationLine = Locked(0)
    let fixture = Fixture("fragile") { context in
      registrationLine.withLock { $0 = #line + 1 }
      context.addTeardown { throw Boom() }
    }
    let test = Scopes().test()
    try await test.use(fixture, at: CodeLocation())

    // When the scope ends
    let failures = await test.endCollectingFailures()

    // Then the failure points at that line and says what happened
    #expect(failures.first?.location.line == registrationLine.value)
    #expect(failures.first?.location.fileID.hasSuffix("TeardownStackTests.swift") == true)
    #expect(
      failures.map(\.description) == [
        """
        Teardown of fixture 'fragile' threw: boom
          registered at: CleanSlateTests/TeardownStackTests.swift:\(registrationLine.value)
          fixture 'fragile' declared at: CleanSlateTests/TeardownStackTests.swift:\(fixture.location.line)
          The other teardowns still ran.
        """
      ])
  }

  @Test func teardownRunsShieldedFromTheTestsCancellation() async throws {
    // Given a test task that set up a fixture and is then cancelled
    let journal = Journal()
    let resource = Fixture("resource") { context in
      context.addTeardown {
        journal.record("cancelled: \(Task.isCancelled)")
        try await Task.sleep(for: .milliseconds(1))
        journal.record("slept")
      }
    }
    let test = Scopes().test()
    let started = Locked(false)
    let task = Task {
      try await test.use(resource, at: CodeLocation())
      started.withLock { $0 = true }
      await withTaskCancellationHandler {
        while !Task.isCancelled { await Task.yield() }
      } onCancel: {
      }
      // When the cancelled test task ends its scope
      return await test.endCollectingFailures()
    }
    while !started.value { await Task.yield() }
    task.cancel()
    let failures = try await task.value

    // Then the teardown ran uncancelled, to completion
    #expect(failures.isEmpty)
    #expect(journal.all == ["cancelled: false", "slept"])
  }

  @Test func aTeardownAddedAfterItsScopeEndedStillRuns() async throws {
    // Given a scope that has ended
    let journal = Journal()
    let test = Scopes().test()
    await test.end()

    // When late work registers a teardown on it
    let done = Locked(false)
    test.addTeardown(at: CodeLocation()) {
      journal.record("late")
      done.withLock { $0 = true }
    }

    // Then the teardown runs at once instead of being lost
    while !done.value { await Task.yield() }
    #expect(journal.all == ["late"])
  }

  @Test func aLateTeardownsFailureIsPrintedAsItHappensAndFailsTheRun() async throws {
    // Given a test scope that has ended
    let test = Scopes().test()
    await test.end()

    // When a teardown registered on it afterwards throws
    let printed = Locked<[String]>([])
    let lateLine = #line + 2
    FailuresOutsideTests.$sink.withValue({ line in printed.withLock { $0.append(line) } }) {
      test.addTeardown(at: CodeLocation(fileID: "M/Late.swift", filePath: "/p/Late.swift")) {
        throw Boom(label: "late")
      }
    }

    // Then its failure is printed once, as a diagnostic at the line that registered it: no
    // test is left to record it on
    while printed.value.isEmpty { await Task.yield() }
    #expect(
      printed.value == [
        """
        /p/Late.swift:\(lateLine): error: A teardown threw: late
          registered at: M/Late.swift:\(lateLine)
          The other teardowns still ran.

        """
      ])
  }
}
