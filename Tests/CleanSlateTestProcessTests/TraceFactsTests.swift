import CleanSlate
import CleanSlateTrace
import Testing

@testable import CleanSlateTestProcess

/// What a launch's trace says about its tests: which ran beside which, which drew from
/// `.seededRandom` and with which seed, which argument cases failed, what the sentinel saw each
/// leave, and which started before another.
@Suite struct TraceFactsTests {
  static func event(
    _ time: Int64, _ phase: LifecycleEvent.Phase, _ name: String, id: Int,
    outcome: LifecycleEvent.Outcome? = nil, fixture: String? = nil, message: String? = nil,
    code: String? = nil, argumentCase: String? = nil
  ) -> TimedEvent {
    TimedEvent(
      timeMicros: time,
      event: LifecycleEvent(
        phase: phase, scope: .test, scopeName: name, fixture: fixture, testName: name,
        outcome: outcome, message: message, scopeID: id, issueCode: code,
        argumentCase: argumentCase))
  }

  @Test func aTraceSaysWhichTestsRanBesideWhichAndWhatEachDid() {
    // Given a process where a() drew from .seededRandom and failed in its case `x → 2` while b()
    // ran, then c() ran alone and left a file
    var process = TraceProcess(
      run: "r", pid: 1, host: "h", command: "t", startMicros: 0, seed: "19")
    process.events = [
      Self.event(10, .scopeBegin, "S/a(x:)", id: 1, argumentCase: "x → 2"),
      Self.event(11, .setupBegin, "S/a(x:)", id: 1, fixture: "seededRandom"),
      Self.event(12, .scopeBegin, "S/b()", id: 2),
      Self.event(20, .scopeEnd, "S/a(x:)", id: 1, outcome: .failed),
      Self.event(21, .scopeEnd, "S/b()", id: 2, outcome: .passed),
      Self.event(30, .scopeBegin, "S/c()", id: 3),
      Self.event(
        31, .issue, "S/c()", id: 3,
        message: "Test 'S/c()' left 1 file:\n    + /tmp/x (created)\n  watched from: …",
        code: "stateLeaked"),
      Self.event(32, .scopeEnd, "S/c()", id: 3, outcome: .passed),
    ]

    // When its facts are read
    let facts = TraceFacts(log: TraceLog(processes: [process]))

    // Then each is there, by the tests' listed names
    let (a, b, c): (TestName, TestName, TestName) = ("M.S/a(x:)", "M.S/b()", "M.S/c()")
    #expect(facts.beside(a, among: [a, b, c]) == [b])
    #expect(facts.beside(c, among: [a, b, c]).isEmpty)
    #expect(facts.drewFromSeededRandom(a) && !facts.drewFromSeededRandom(b))
    #expect(facts.seed(of: a) == "19")
    #expect(facts.failedCases(of: a) == ["x → 2"])
    #expect(
      facts.leftBehind([a, c, "M.S/d()"]) == [
        a: [], c: ["Test 'S/c()' left 1 file:\n    + /tmp/x (created)"],
      ])
    #expect(facts.started(before: c, among: [a, b]) == [a, b])
    #expect(facts.started(before: "M.S/d()", among: [a]) == nil)
  }

  @Test func whatTwoTestsAtOnceLeftIsEachOnesThoughTheSentinelBlamedNeither() {
    // Given a suite's report of a variable changed while two of its tests ran at once
    var process = TraceProcess(run: "r", pid: 1, host: "h", command: "t", startMicros: 0)
    process.events = [
      Self.event(10, .scopeBegin, "Regions/eu()", id: 1),
      Self.event(11, .scopeBegin, "Regions/us()", id: 2),
      Self.event(20, .scopeEnd, "Regions/eu()", id: 1, outcome: .passed),
      Self.event(21, .scopeEnd, "Regions/us()", id: 2, outcome: .failed),
      Self.event(
        22, .issue, "Regions", id: 3,
        message:
          "Suite 'Regions' left 1 environment variable changed after its teardowns:\n    + REGION=\"us\" (added); it changed while 'Regions/eu()' and 'Regions/us()' ran, alongside other tests\n  watched from: …",
        code: "stateLeaked"),
    ]

    // When its facts are read
    let facts = TraceFacts(log: TraceLog(processes: [process]))

    // Then each test has the item, as a report of its own
    let report =
      "Suite 'Regions' left 1 environment variable changed after its teardowns:\n    + REGION=\"us\" (added)"
    #expect(
      facts.leftBehind(["M.Regions/eu()", "M.Regions/us()"]) == [
        "M.Regions/eu()": [report], "M.Regions/us()": [report],
      ])
  }
}
