import CleanSlate
import CleanSlateBisect
import CleanSlateTestProcess
import CleanSlateTrace
import Testing

/// The tests tried before the victim come from `swift test list`, or from a trace of the run
/// where it failed; a victim that is not there is a clear error.
@Suite struct RunOrderTests {
  let listed: [TestName] = [
    "Tests.FormattingTests/testTrims", "Tests.LanguageTests/testFrench",
    "Tests.Suite/parses()", "Tests.WelcomeTests/testWelcomes",
  ]

  @Test func theTestsListedBeforeTheVictimAreTried() throws {
    let earlier = try RunOrder.earlier(than: "Tests.WelcomeTests/testWelcomes", listed: listed)
    #expect(earlier == Array(listed.prefix(3)))
  }

  @Test func anUnknownVictimIsAClearErrorThatSuggestsNames() throws {
    #expect {
      try RunOrder.earlier(than: "WelcomeTests/testWelcomes", listed: listed)
    } throws: { error in
      let error = error as? BisectError
      return error?.reason == .unknownVictim
        && error?.description.contains("Did you mean: Tests.WelcomeTests/testWelcomes?") == true
    }
  }

  @Test func aTraceKeepsOnlyTheTestsThatStartedBeforeTheVictim() throws {
    // Given a trace in which the Swift Testing test started after the victim
    var process = TraceProcess(run: "run", pid: 1, host: "host", command: "xctest", startMicros: 0)
    for (time, name) in [
      (10, "FormattingTests.testTrims"), (20, "LanguageTests.testFrench"),
      (30, "WelcomeTests.testWelcomes"), (40, "Suite/parses()"),
    ] {
      process.events.append(
        TimedEvent(
          timeMicros: Int64(time),
          event: LifecycleEvent(phase: .scopeBegin, scope: .test, scopeName: name)))
    }
    let trace = TraceLog(processes: [process])

    // When the earlier tests are read from it
    let earlier = try RunOrder.earlier(
      than: "Tests.WelcomeTests/testWelcomes", listed: listed, trace: TraceFacts(log: trace))

    // Then only the two XCTest tests that started before it are tried
    #expect(earlier == ["Tests.FormattingTests/testTrims", "Tests.LanguageTests/testFrench"])
  }

  @Test func theSentinelsReportsAboutThePollutersAreReadFromATrace() {
    var process = TraceProcess(run: "run", pid: 1, host: "host", command: "xctest", startMicros: 0)
    let message =
      "Test 'LanguageTests.testFrench' left 1 environment variable changed after its teardowns:\n    + LANG=\"fr\" (added)\n  watched from: CLEANSLATE_SENTINEL:1\n  Set variables with the .environment fixture."
    process.events.append(
      TimedEvent(
        timeMicros: 1,
        event: LifecycleEvent(
          phase: .issue, scope: .test, scopeName: "LanguageTests.testFrench", message: message,
          issueCode: "stateLeaked")))
    process.events.append(
      TimedEvent(
        timeMicros: 2,
        event: LifecycleEvent(
          phase: .issue, scope: .test, scopeName: "WelcomeTests.testWelcomes",
          message: "XCTAssertEqual failed")))
    let reports = TraceFacts(log: TraceLog(processes: [process])).reports(
      about: ["Tests.LanguageTests/testFrench"])
    #expect(
      reports == [
        "Test 'LanguageTests.testFrench' left 1 environment variable changed after its teardowns:\n    + LANG=\"fr\" (added)"
      ])
  }
}
