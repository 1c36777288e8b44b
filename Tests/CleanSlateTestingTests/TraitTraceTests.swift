import CleanSlate
import CleanSlateTestSupport
import Testing

@testable import CleanSlateTesting

/// What the trait tells the lifecycle trace: the body apart from setup and teardown, the
/// test's issues with their location, and how the test ended.
@Suite struct TraitTraceTests {
  private let scratch = Fixture("scratch") { context in context.addTeardown {} }

  @Test func thePassingBodySitsBetweenSetupAndTeardown() async throws {
    // Given a test with an eager fixture
    let driver = TraitDriver()
    let trait: CleanSlateTrait = .fixtures(scratch)

    // When it runs and passes
    _ = try await driver.run {
      try await trait.provideScope(for: .test("Suite/passes()")) {}
    }

    // Then its events read setup, body, teardown, and it passed
    let test = driver.events.outline.drop { !$0.hasPrefix("scopeBegin Suite/passes()") }
    #expect(
      Array(test) == [
        "scopeBegin Suite/passes()", "setupBegin scratch", "setupEnd scratch passed",
        "bodyBegin Suite/passes()", "bodyEnd Suite/passes() passed", "teardownBegin scratch",
        "teardownEnd scratch passed", "scopeEnd Suite/passes() passed",
      ])
  }

  @Test func anIssueIsTracedAtItsLocationAndTheTestEndsFailed() async throws {
    // Given a test whose body records an issue on a known line
    let driver = TraitDriver()
    let line = Locked(0)

    // When it runs
    let issues = try await driver.run {
      try await CleanSlateTrait.cleanSlate.provideScope(for: .test("Suite/fails()")) {
        line.withLock { $0 = #line + 1 }
        Issue.record("count was 2")
      }
    }

    // Then the issue is in the trace with its location, and the body and the test failed
    #expect(issues.count == 1)
    let traced = try #require(driver.events.all.first { $0.phase == .issue })
    #expect(traced.message == "Issue recorded (error): count was 2")
    #expect(traced.location?.line == line.value)
    #expect(traced.location?.fileID == #fileID)
    #expect(traced.outcome == .failed)
    #expect(driver.events.all.first { $0.phase == .bodyEnd }?.outcome == .failed)
    #expect(
      driver.events.all.last { $0.phase == .scopeEnd && $0.scope == .test }?.outcome == .failed)
  }

  @Test func aThrownErrorIsTracedAsAnIssue() async throws {
    let driver = TraitDriver()

    // When a test body throws
    _ = try await driver.run {
      await #expect(throws: Boom.self) {
        try await CleanSlateTrait.cleanSlate.provideScope(for: .test("Suite/throws()")) {
          throw Boom(label: "disk full")
        }
      }
    }

    // Then the trace has the error as the test's issue
    let traced = try #require(driver.events.all.first { $0.phase == .issue })
    #expect(traced.message == "Caught error: disk full")
  }

  @Test func aTestWithOnlyKnownIssuesEndsAsKnownIssue() async throws {
    let driver = TraitDriver()

    // When a test body records an issue inside withKnownIssue
    _ = try await driver.run {
      try await CleanSlateTrait.cleanSlate.provideScope(for: .test("Suite/known()")) {
        withKnownIssue { Issue.record("a known bug") }
      }
    }

    // Then the issue is traced as known and the test ends as known issue, not failed
    let traced = try #require(driver.events.all.first { $0.phase == .issue })
    #expect(traced.outcome == .knownIssue)
    #expect(driver.events.all.last?.outcome == .knownIssue)
  }

  @Test func aCancelledTestEndsAsSkipped() async throws {
    let driver = TraitDriver()

    // When a test's task is cancelled in its body
    _ = try await driver.run {
      let test = Task {
        try await CleanSlateTrait.cleanSlate.provideScope(for: .test("Suite/cancelled()")) {
          withUnsafeCurrentTask { $0?.cancel() }
          try Task.checkCancellation()
        }
      }
      _ = await test.result
    }

    // Then it ends as skipped, with no issue traced
    #expect(driver.events.all.last?.outcome == .skipped)
    #expect(!driver.events.all.contains { $0.phase == .issue })
  }
}
