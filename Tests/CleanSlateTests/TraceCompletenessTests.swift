import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// What the trace tells a report beyond setups and teardowns: scope numbers, the test body,
/// the test's outcome, issues and where each step was written.
@Suite struct TraceCompletenessTests {
  @Test func eachScopeHasANumberAndNamesTheScopeItLivesIn() async {
    // Given two test scopes of one name (two argument cases of a parameterized test)
    let recorder = EventRecorder()
    let scopes = Scopes(observer: recorder)

    // When both begin and end
    let first = scopes.test("Suite/case()")
    let second = scopes.test("Suite/case()")
    await first.end()
    await second.end()

    // Then their events carry different numbers, and their beginnings their suite's number
    let begins = recorder.all.filter { $0.phase == .scopeBegin && $0.scope == .test }
    #expect(begins.count == 2)
    #expect(begins[0].scopeID != begins[1].scopeID)
    let suiteID = recorder.all.first { $0.phase == .scopeBegin && $0.scope == .suite }?.scopeID
    #expect(begins.allSatisfy { $0.parentScopeID == suiteID })
    #expect(
      recorder.all.filter { $0.scopeID == begins[0].scopeID }.map(\.phase) == [
        .scopeBegin, .scopeEnd,
      ])
  }

  @Test func theBodyIsToldApartFromSetupAndTeardown() async throws {
    // Given an observed test with a fixture
    let recorder = EventRecorder()
    let test = Scopes(observer: recorder).test()
    let scratch = Fixture("scratch") { context in context.addTeardown {} }

    // When the fixture is set up, the body runs and fails, and the test ends
    try await test.use(scratch, at: CodeLocation())
    await #expect(throws: Boom.self) {
      try await test.runBody { throw Boom() }
    }
    await test.end()

    // Then the body's events sit between the setup and the teardown, the end failed
    #expect(
      recorder.outline.filter { !$0.hasPrefix("scope") } == [
        "setupBegin scratch", "setupEnd scratch passed", "bodyBegin Suite/test()",
        "bodyEnd Suite/test() failed", "teardownBegin scratch", "teardownEnd scratch passed",
      ])
    #expect(recorder.all.first { $0.phase == .bodyEnd }?.duration != nil)
  }

  @Test func setupsAndTeardownsSayWhereTheyWereWritten() async throws {
    // Given a fixture and its teardown, each on a known line
    let recorder = EventRecorder()
    let test = Scopes(observer: recorder).test()
    let teardownLine = Locked(0)
    let scratch = Fixture("scratch") { context in
      teardownLine.withLock { $0 = #line + 1 }
      context.addTeardown {}
    }

    // When it is used and the test ends
    try await test.use(scratch, at: CodeLocation())
    await test.end()

    // Then the setup points to the declaration, the teardown to its registration
    let setup = recorder.all.first { $0.phase == .setupEnd }
    #expect(setup?.location == scratch.location)
    let teardown = recorder.all.first { $0.phase == .teardownEnd }
    #expect(teardown?.location?.line == teardownLine.value)
    #expect(teardown?.location?.fileID == #fileID)
  }

  @Test func theOutcomeADeclaredSkipGivesUnlessTheTestFailed() async {
    // Given two tests declared skipped, the second of which also failed
    let recorder = EventRecorder()
    let scopes = Scopes(observer: recorder)
    let skipped = scopes.test("Suite/skipped()")
    let failed = scopes.test("Suite/failed()")

    // When both end
    skipped.declareOutcome(.skipped)
    failed.declareOutcome(.skipped)
    failed.markFailed()
    await skipped.end()
    await failed.end()

    // Then a failure wins over the declared outcome
    let ends = recorder.all.filter { $0.phase == .scopeEnd }
    #expect(ends.map(\.outcome) == [.skipped, .failed])
  }

  @Test func issuesOfTheTestAndOfCleanSlatesChecksAreTraced() async {
    // Given a test that records an issue, with an after-teardown check that finds a leak
    let recorder = EventRecorder()
    let test = Scopes(observer: recorder).test()
    let location = CodeLocation()
    test.traceIssue("Expectation failed: 1 == 2", at: location)
    test.addAfterTeardownCheck {
      [CleanSlateError(.objectLeaked, summary: "Leaky was still alive.", location: location)]
    }

    // When the test ends
    await test.end()

    // Then both issues are in the trace, CleanSlate's with its code, before the scope's end
    let issues = recorder.all.filter { $0.phase == .issue }
    #expect(issues.map(\.issueCode) == [nil, "objectLeaked"])
    #expect(issues.allSatisfy { $0.location == location && $0.outcome == .failed })
    #expect(issues.first?.message == "Expectation failed: 1 == 2")
    #expect(recorder.all.last?.phase == .scopeEnd)
  }
}
