import CleanSlate
import Testing

@testable import CleanSlateTestProcess

/// Which tests run, from what the frameworks say as they go: XCTest's lines and Swift Testing's
/// event stream, each test timed from its own start.
@Suite struct StartedTestsTests {
  @Test func xcTestLinesStartAndEndTests() {
    // Given a test that started and ended, and one that started
    var started = StartedTests()
    let first = ContinuousClock.now
    started.read(
      xcTestLines: [
        "Test Suite 'A' started at 2026-01-01 10:00:00.000",
        "Test Case 'A.testOne' started at 2026-01-01 10:00:00.000",
        "Test Case 'A.testOne' passed (0.001 seconds)",
        "Test Case 'A.testTwo' started at 2026-01-01 10:00:00.001",
      ], at: first)

    // When a later read finds the same lines and one more
    let later = first + .seconds(3)
    started.read(
      xcTestLines: [
        "Test Suite 'A' started at 2026-01-01 10:00:00.000",
        "Test Case 'A.testOne' started at 2026-01-01 10:00:00.000",
        "Test Case 'A.testOne' passed (0.001 seconds)",
        "Test Case 'A.testTwo' started at 2026-01-01 10:00:00.001",
        "Test Case 'A.testThree' started at 2026-01-01 10:00:03.000",
      ], at: later)

    // Then each running test is timed from when its start was read
    #expect(started.running.count == 2)
    #expect(started.running["A.testTwo"]?.since == first)
    #expect(started.running["A.testThree"]?.since == later)
  }

  @Test func swiftTestingEventsNameFunctionsFullyAndLeaveSuitesOut() {
    var started = StartedTests()
    started.read(
      events: """
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.Suite"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.Suite\\/a()\\/S.swift:4:4"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.Suite\\/b(x:)\\/S.swift:6:4"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","testID":"M.Suite\\/a()\\/S.swift:4:4"},"version":0}

        """, at: .now)

    #expect(started.running.keys.sorted() == ["M.Suite/b(x:)"])
    #expect(TestName(swiftTestingID: "M.Outer/Inner") == nil)
    #expect(TestName(swiftTestingID: "M.Outer/Inner/c()/File.swift:12:3") == "M.Outer/Inner/c()")
  }

  @Test func swiftTestingEventsTellWhichTestsPassedOrWereSkipped() {
    // Given a test that passed, one that recorded an issue, one with a known issue, a skipped one
    // and one still running
    var started = StartedTests()
    started.read(
      events: """
        {"kind":"event","payload":{"instant":{"absolute":10.0},"kind":"testStarted","testID":"M.S\\/a()\\/S.swift:4:4"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":10.0},"kind":"testStarted","testID":"M.S\\/b()\\/S.swift:6:4"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":10.0},"kind":"testStarted","testID":"M.S\\/c()\\/S.swift:8:4"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":10.0},"kind":"testStarted","testID":"M.S\\/e()\\/S.swift:12:4"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":10.5},"kind":"testEnded","testID":"M.S\\/a()\\/S.swift:4:4"},"version":0}
        {"kind":"event","payload":{"issue":{"isKnown":false},"kind":"issueRecorded","testID":"M.S\\/b()\\/S.swift:6:4"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":11.0},"kind":"testEnded","testID":"M.S\\/b()\\/S.swift:6:4"},"version":0}
        {"kind":"event","payload":{"issue":{"isKnown":true},"kind":"issueRecorded","testID":"M.S\\/c()\\/S.swift:8:4"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":12.0},"kind":"testEnded","testID":"M.S\\/c()\\/S.swift:8:4"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":12.0},"kind":"testSkipped","testID":"M.S\\/d()\\/S.swift:10:4"},"version":0}

        """, at: .now)

    // Then the passed and skipped tests have results, and the one with an issue has none
    #expect(
      started.ended == [
        "M.S/a()": TestEnd(.passed, seconds: 0.5),
        "M.S/c()": TestEnd(.passed, seconds: 2),
        "M.S/d()": TestEnd(.skipped),
      ])
    #expect(started.running.keys.sorted() == ["M.S/e()"])
  }

  @Test func anIssueFailsItsTestAsSwiftTestingJudgesIt() {
    // Given issues of every kind: a warning, one the stream marks as no failure, a failure, and
    // one recorded outside any test (by a suite's trait)
    var started = StartedTests()
    started.read(
      events: """
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.warns()\\/F.swift:1:1"},"version":0}
        {"kind":"event","payload":{"issue":{"isKnown":false,"severity":"warning"},"kind":"issueRecorded","testID":"M.warns()\\/F.swift:1:1"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","testID":"M.warns()\\/F.swift:1:1"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.known()\\/F.swift:5:1"},"version":0}
        {"kind":"event","payload":{"issue":{"isKnown":false,"isFailure":false},"kind":"issueRecorded","testID":"M.known()\\/F.swift:5:1"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","testID":"M.known()\\/F.swift:5:1"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.fails()\\/F.swift:9:1"},"version":0}
        {"kind":"event","payload":{"issue":{"isKnown":false,"isFailure":true},"kind":"issueRecorded","testID":"M.fails()\\/F.swift:9:1"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","testID":"M.fails()\\/F.swift:9:1"},"version":0}
        {"kind":"event","payload":{"issue":{"isFailure":true,"sourceLocation":{"fileID":"M\\/Suites.swift","line":65}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Issue recorded: by a trait"}],"testID":"M.TraitSuite"},"version":0}
        {"kind":"event","payload":{"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"text":""}]},"version":0}

        """, at: .now)

    // Then the warning and the issue that is no failure leave their tests passed
    #expect(started.ended["M.warns()"]?.outcome == .passed)
    #expect(started.ended["M.known()"]?.outcome == .passed)
    #expect(started.ended["M.fails()"] == nil)
    // And the framework's report holds every test it started, the one it failed, and each
    // failure outside a test in one line
    #expect(started.report.started == ["M.warns()", "M.known()", "M.fails()"])
    #expect(started.report.failed == ["M.fails()"])
    #expect(
      started.report.outside == ["Issue recorded: by a trait (Suites.swift:65)", "an issue"])
  }
}
