import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Testing

/// Rules "Setup failures" and "Errors never lost" through the trait: each failure is recorded
/// once, at the line that asked for the fixture or registered the teardown; the body's own error
/// stays the test's.
@Suite struct FailureReportingTests {
  @Test func anEagerSetupFailureSkipsTheBodyAndIsReportedOnceAtTheTrait() async throws {
    // Given a test fixture that registers a teardown and then throws, listed eagerly
    let driver = TraitDriver()
    let journal = Journal()
    let server = Fixture<Void>("server") { context in
      context.addTeardown { journal.record("undo server") }
      throw Boom(label: "port in use")
    }
    let traitLine = #line + 1
    let trait: CleanSlateTrait = .fixtures(server)

    // When the test runs
    let issues = try await driver.run {
      try await trait.provideScope(for: .test("Suite/test()")) {
        journal.record("body")
      }
    }

    // Then the body was skipped, one issue names the fixture at the trait that asked for it,
    // and what it set up was torn down
    #expect(journal.all == ["undo server"])
    #expect(
      issues.map(\.text) == [
        """
        Setup of fixture 'server' threw: port in use
          asked for at: CleanSlateTestingTests/FailureReportingTests.swift:\(traitLine)
          fixture 'server' declared at: CleanSlateTestingTests/FailureReportingTests.swift:\(server.location.line)
          The test body was not run; what it set up is torn down when the test ends.
        """
      ])
    let failure = try #require(issues.first?.cleanSlateError)
    #expect(failure.code == .setupFailed)
    #expect(failure.declaration == server.location)
    #expect(issues.first?.sourceLocation?.line == traitLine)
  }

  @Test func aSetupFailureThrownFromUseInTheBodyIsReportedOnceNotTwice() async throws {
    // Given a test fixture whose setup throws
    let driver = TraitDriver()
    let broken = Fixture<Int>("broken") { _ in throw Boom() }
    let trait: CleanSlateTrait = .cleanSlate

    // When the body asks for it and lets the error propagate
    let useLine = #line + 3
    let issues = try await driver.run {
      try await trait.provideScope(for: .test("Suite/test()")) {
        _ = try await use(broken)
      }
    }

    // Then exactly one issue is recorded, at the line that asked, and the provider does not
    // rethrow the error
    #expect(issues.count == 1)
    #expect(issues.first?.cleanSlateError?.fixture == "broken")
    #expect(issues.first?.sourceLocation?.line == useLine)
  }

  @Test func aThrowingTeardownIsRecordedAtTheLineThatRegisteredIt() async throws {
    // Given a fixture whose teardown throws
    let driver = TraitDriver()
    let line = Locked(0)
    let leaky = Fixture<Void>("leaky") { context in
      line.withLock { $0 = #line + 1 }
      context.addTeardown { throw Boom(label: "file busy") }
    }
    let trait: CleanSlateTrait = .fixtures(leaky)

    // When a passing test ends
    let issues = try await driver.run {
      try await trait.provideScope(for: .test("Suite/test()")) {}
    }

    // Then the teardown failure is one issue, at the addTeardown line
    #expect(issues.count == 1)
    #expect(issues.first?.cleanSlateError?.code == .teardownFailed)
    #expect(issues.first?.sourceLocation?.line == line.value)
  }

  @Test func theBodysErrorIsRethrownAfterATeardownThatKnowsTheTestFailed() async throws {
    // Given a fixture whose teardown records whether its test failed
    let driver = TraitDriver()
    let journal = Journal()
    let probe = Fixture<Void>("probe") { context in
      context.addTeardown { journal.record("teardown, failed: \(context.testFailed)") }
    }
    let trait: CleanSlateTrait = .fixtures(probe)
    let outcome = Locked<Result<Void, any Error>?>(nil)

    // When the body throws an error of its own
    let issues = try await driver.run {
      do {
        try await trait.provideScope(for: .test("Suite/test()")) { throw Boom(label: "body") }
        outcome.withLock { $0 = .success(()) }
      } catch {
        outcome.withLock { $0 = .failure(error) }
      }
    }

    // Then the teardown ran knowing the test failed, and the error is rethrown for Swift
    // Testing to record as the test's own failure
    #expect(journal.all == ["teardown, failed: true"])
    #expect(issues.isEmpty)
    #expect(throws: Boom.self) { try outcome.value?.get() }
  }

  @Test func anIssueRecordedByTheBodyTellsTheTeardownTheTestFailed() async throws {
    // Given a fixture whose teardown records whether its test failed
    let driver = TraitDriver()
    let journal = Journal()
    let probe = Fixture<Void>("probe") { context in
      context.addTeardown { journal.record("failed: \(context.testFailed)") }
    }
    let trait: CleanSlateTrait = .fixtures(probe)

    // When one test records an issue and another records only a known issue
    let issues = try await driver.run {
      try await trait.provideScope(for: .test("Suite/fails()")) {
        Issue.record("expectation failed")
      }
      try await trait.provideScope(for: .test("Suite/knownIssue()")) {
        withKnownIssue { Issue.record("known") }
      }
    }

    // Then only the first teardown is told its test failed
    #expect(journal.all == ["failed: true", "failed: false"])
    #expect(issues.count == 2)
  }

  /// Rule "One life": CleanSlate's own failure inside `withKnownIssue` does not mark the test
  /// failed, as Swift Testing does not count it.
  @Test func cleanSlatesOwnKnownIssueLeavesTheTestPassing() async throws {
    // Given a fixture whose teardown records whether its test failed
    let driver = TraitDriver()
    let journal = Journal()
    let probe = Fixture<Void>("probe") { context in
      context.addTeardown { journal.record("failed: \(context.testFailed)") }
    }

    // When the body's own assertion, through reportFailure, fails inside withKnownIssue
    let line = Locked(0)
    let issues = try await driver.run {
      try await CleanSlateTrait.fixtures(probe).provideScope(for: .test("Suite/known()")) {
        line.withLock { $0 = #line + 1 }
        withKnownIssue { reportFailure("expected, for now") }
      }
    }

    // Then the issue is known, the teardown was told the test did not fail, and the test ended
    // with a known issue
    #expect(
      issues.map(\.text) == [
        "expected, for now\n  at: CleanSlateTestingTests/FailureReportingTests.swift:\(line.value)"
      ])
    #expect(issues.map(\.isFailure) == [false])
    #expect(journal.all == ["failed: false"])
    #expect(driver.events.outline.last == "scopeEnd Suite/known() knownIssue")
  }

  @Test func endOfBodyChecksAreReportedBeforeAnyTeardownRuns() async throws {
    // Given a fixture with a teardown, and a check registered for the end of the body
    let driver = TraitDriver()
    let journal = Journal()
    let probe = Fixture<Void>("probe") { context in
      context.addTeardown { journal.record("teardown") }
    }
    let trait: CleanSlateTrait = .fixtures(probe)

    // When the body registers an end-of-body check that fails
    let issues = try await driver.run {
      try await trait.provideScope(for: .test("Suite/test()")) {
        ScopeRuntime.current?.addBodyEndCheck {
          journal.record("body-end check")
          return [
            CleanSlateError(
              .workOutlivedTest, summary: "Work 'upload' was still running.",
              location: CodeLocation())
          ]
        }
      }
    }

    // Then the check ran before the teardown, and its failure was recorded
    #expect(journal.all == ["body-end check", "teardown"])
    #expect(issues.map { $0.cleanSlateError?.code } == [.workOutlivedTest])
  }

  @Test func aSecondCleanSlateTraitOfTheSameTestJoinsTheOpenScope() async throws {
    // Given `.cleanSlate` inherited from the suite and `.fixtures` on the test
    let driver = TraitDriver()
    let journal = Journal()
    let scratch = Fixture<Void>("scratch") { context in
      journal.record("set up in \(context.scopeName)")
    }
    let suiteTrait: CleanSlateTrait = .cleanSlate
    let testTrait: CleanSlateTrait = .fixtures(scratch)

    // When both provide the test's scope, outermost first, as Swift Testing nests them
    let issues = try await driver.run {
      try await suiteTrait.provideScope(for: .test("Suite/test()")) {
        try await testTrait.provideScope(for: .test("Suite/test()")) {
          journal.record("body")
        }
      }
    }

    // Then one test scope was opened, and the fixture was set up in it before the body
    #expect(issues.isEmpty)
    #expect(journal.all == ["set up in Suite/test()", "body"])
    #expect(driver.events.outline.filter { $0 == "scopeBegin Suite/test()" }.count == 1)
  }
}
