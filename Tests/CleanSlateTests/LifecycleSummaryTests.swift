import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// The summary printed at the end of a `CLEANSLATE_TRACE=stderr` run and by `cleanslate summary`.
@Suite struct LifecycleSummaryTests {
  private func event(
    _ phase: LifecycleEvent.Phase, _ scope: FixtureScope = .test, fixture: String? = nil,
    outcome: LifecycleEvent.Outcome? = .passed, milliseconds: Int = 0
  ) -> LifecycleEvent {
    LifecycleEvent(
      phase: phase, scope: scope, scopeName: "S", fixture: fixture, outcome: outcome,
      duration: .milliseconds(milliseconds))
  }

  @Test func aSharedFixtureSetUpOnceCountsOnceAndTheSlowestComeFirst() {
    // Given a suite fixture set up once and torn down once, and a test fixture set up twice
    var summary = LifecycleSummary()
    for event in [
      event(.setupEnd, .suite, fixture: "database", milliseconds: 30),
      event(.setupEnd, fixture: "scratch", milliseconds: 2),
      event(.teardownEnd, fixture: "scratch", milliseconds: 1),
      event(.scopeEnd, outcome: .passed),
      event(.setupEnd, fixture: "scratch", milliseconds: 4),
      event(.teardownEnd, fixture: "scratch", outcome: .timedOut, milliseconds: 3),
      event(.scopeEnd, outcome: .failed),
      event(.teardownEnd, .suite, fixture: "database", milliseconds: 10),
    ] {
      summary.add(event)
    }

    // Then the rows are per fixture and scope, slowest first, with their counts and means
    let rows = summary.fixtureRows
    #expect(rows.map(\.name) == ["database", "scratch"])
    #expect(rows[0].setups == 1)
    #expect(rows[0].totalTime == .milliseconds(40))
    #expect(rows[1].setups == 2)
    #expect(rows[1].totalTime == .milliseconds(10))
    #expect(rows[1].meanTime == .milliseconds(5))
    #expect(summary.tests == 2)
    #expect(summary.failedTests == 1)
    #expect(summary.timedOutTeardowns == 1)
    let lines = summary.lines()
    #expect(lines.first == "Summary: 2 tests, 1 failed, 1 teardown timed out")
    #expect(lines.dropFirst(3).first?.hasSuffix("suite    database") == true)
  }

  @Test func theOutlineWriterPrintsTheSummaryWhenTheProcessScopeEnds() async throws {
    // Given an outline writer on a private process scope with one test and a fixture
    let lines = Locked<[String]>([])
    let writer = TraceOutlineWriter { line in lines.withLock { $0.append(line) } }
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(writer), sink: .collecting)
    let scratch = Fixture("scratch") { _ in 1 }

    // When the test uses it and everything ends
    _ = try await runTestScope(in: root) { _ = try await use(scratch) }
    await root.end()

    // Then the outline ends with the summary
    let text = lines.value.joined()
    #expect(text.contains("[CleanSlate] Summary: 1 test, 0 failed, 0 teardowns timed out\n"))
    #expect(text.contains("test     scratch"))
    #expect(text.contains("BODY") == false)
  }

  @Test func aWaitInsideASetupIsItsOwnLineAndItsOwnSpan() async throws {
    // Given an outline writer and a recorder on a private process scope, and a fixture whose
    // setup waits 20 ms for something another test holds.
    let lines = Locked<[String]>([])
    let writer = TraceOutlineWriter { line in lines.withLock { $0.append(line) } }
    let recorder = EventRecorder()
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(Observers(writer, recorder)),
      sink: .collecting)
    let pooled = Fixture("pooled") { context in
      try await context.waiting(for: "a connection from the pool") {
        try await Task.sleep(for: .milliseconds(20))
      }
      return 1
    }

    // When a test uses it and everything ends.
    _ = try await runTestScope("Pool/waits()", in: root) { _ = try await use(pooled) }
    await root.end()

    // Then the wait is a span inside the setup, printed as a WAIT line before the setup's own,
    // and the summary says what setups waited for.
    #expect(
      recorder.outline.filter { $0.hasPrefix("setup") || $0.hasPrefix("wait") } == [
        "setupBegin pooled", "waitBegin pooled", "waitEnd pooled passed", "setupEnd pooled passed",
      ])
    let wait = try #require(recorder.all.first { $0.phase == .waitEnd })
    #expect(wait.message == "a connection from the pool")
    #expect(wait.duration.map { $0 >= .milliseconds(20) } == true)
    let outline = lines.value
    let waitLine = try #require(outline.firstIndex { $0.contains("WAIT") })
    let setupLine = try #require(outline.firstIndex { $0.contains("SETUP") })
    #expect(waitLine < setupLine)
    #expect(outline[waitLine].hasPrefix("[CleanSlate]     WAIT      test     pooled  "))
    #expect(outline[waitLine].hasSuffix("(in Pool/waits())  — for a connection from the pool\n"))
    #expect(
      outline.joined().contains(
        "[CleanSlate] Waiting inside setups (counted in the fixtures' time above):\n"))
  }

  @Test func bodyAndIssueLinesReadLikeTheRest() {
    // Given a body's end and an issue CleanSlate found
    let body = LifecycleEvent(
      phase: .bodyEnd, scope: .test, scopeName: "T/t()", outcome: .failed,
      duration: .milliseconds(3))
    let issue = LifecycleEvent(
      phase: .issue, scope: .test, scopeName: "T/t()", outcome: .failed,
      message: "Leaky was still alive.\n  registered at: X.swift:3",
      location: CodeLocation(fileID: "M/X.swift", filePath: "/M/X.swift", line: 3, column: 1),
      issueCode: "objectLeaked")

    // Then each is one line, nested under its test
    #expect(
      TraceOutlineWriter.line(for: body)
        == "[CleanSlate]     BODY      test     T/t()                       3.00 ms  failed")
    #expect(
      TraceOutlineWriter.line(for: issue)
        == "[CleanSlate]     ISSUE     test     objectLeaked              — Leaky was still alive.  at M/X.swift:3"
    )
  }
}

/// Hands every event to two observers.
private struct Observers: LifecycleObserver {
  let first: any LifecycleObserver
  let second: any LifecycleObserver

  init(_ first: any LifecycleObserver, _ second: any LifecycleObserver) {
    self.first = first
    self.second = second
  }

  func observe(_ event: LifecycleEvent) {
    first.observe(event)
    second.observe(event)
  }
}
