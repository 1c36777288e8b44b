import CleanSlateHistory
import Foundation
import Testing

/// New tests run again before they merge: up to ten more runs for a test under a second, fewer
/// for slower ones, within a tenth of the session's time; none when most tests are new.
@Suite struct NewTestCheckTests {
  @Test func aQuickNewTestRunsTenMoreTimesWhenTheShareAllows() {
    // Given a session of 100 s with one new test of 0.2 s, launches costing 0.3 s
    let rounds = NewTestCheck().rounds(
      of: [("New.Tests/testQuick", 0.2)], selected: 100, sessionSeconds: 100, overhead: 0.3,
      oneAtATime: false)

    // Then it runs in ten rounds
    #expect(rounds == Array(repeating: ["New.Tests/testQuick"], count: 10))
  }

  @Test func slowerTestsRunFewerTimes() {
    let rounds = NewTestCheck().rounds(
      of: [("A", 0.5), ("B", 3), ("C", 20), ("D", 100), ("E", 600)], selected: 100,
      sessionSeconds: 100_000, overhead: 0.3, oneAtATime: false)
    let runs = ["A", "B", "C", "D", "E"].map { test in rounds.count { $0.contains(test) } }
    #expect(runs == [10, 5, 3, 2, 1])
  }

  @Test func theChecksStayWithinTheirShareOfTheSession() {
    // Given a session of 20 s, a new test of 0.5 s, launches costing 0.3 s: 2 s to spend
    let rounds = NewTestCheck().rounds(
      of: [("A", 0.5)], selected: 50, sessionSeconds: 20, overhead: 0.3, oneAtATime: false)

    // Then two rounds fit (0.8 s each)
    #expect(rounds.count == 2)
    // And with a share of a half, ten
    let generous = NewTestCheck(share: 0.5).rounds(
      of: [("A", 0.5)], selected: 50, sessionSeconds: 20, overhead: 0.3, oneAtATime: false)
    #expect(generous.count == 10)
  }

  @Test func noTestIsCheckedWhenMostOfTheSelectionIsNew() {
    let tests = (0..<40).map { ("T\($0)", 0.1) }
    #expect(
      NewTestCheck().rounds(
        of: tests, selected: 100, sessionSeconds: 1000, overhead: 0.3, oneAtATime: false
      ).isEmpty)
  }

  @Test func aNewTestFailingInAFifthOfItsRunsIsCaughtInAtLeastNinetyPercentOfSessions() {
    // Given 2,000 simulated sessions, each with a new test of 0.1 s failing in 20 % of its runs,
    // among 300 tests taking 60 s in all
    var random = SplitMix64(seed: 2026)
    var caught = 0
    var extra = 0.0
    let sessions = 2000
    for _ in 0..<sessions {
      let rounds = NewTestCheck().rounds(
        of: [("New.Tests/testRacy", 0.1)], selected: 300, sessionSeconds: 60, overhead: 0.3,
        oneAtATime: false)
      extra += Double(rounds.count) * 0.4
      // When it runs in the session, then in each round
      let failed = (0...rounds.count).contains { _ in
        Double.random(in: 0..<1, using: &random) < 0.2
      }
      if failed { caught += 1 }
    }
    // Then it is caught in at least 90 % of the sessions, for at most a tenth of their time
    Figures.record(
      "new tests: caught in \(caught) of \(sessions) sessions; \(extra / Double(sessions)) s added to 60 s"
    )
    #expect(caught * 10 >= sessions * 9, "\(caught) of \(sessions)")
    #expect(extra / Double(sessions) <= 6)
  }
}
