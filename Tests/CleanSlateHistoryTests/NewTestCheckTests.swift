import CleanSlateHistory
import Foundation
import Testing

/// New tests run again before they merge: up to ten more runs for a test under a second, fewer
/// for slower ones, within a tenth of the session's time, and at least five for a test under a
/// second however short the session; none when most tests are new.
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
    // Given a session of 60 s, a new test of 2.7 s, launches costing 0.3 s: 6 s to spend
    let rounds = NewTestCheck().rounds(
      of: [("A", 2.7)], selected: 50, sessionSeconds: 60, overhead: 0.3, oneAtATime: false)

    // Then two rounds fit (3 s each)
    #expect(rounds.count == 2)
    // And with a share of a half, five (its most, as a test under five seconds)
    let generous = NewTestCheck(share: 0.5).rounds(
      of: [("A", 2.7)], selected: 50, sessionSeconds: 60, overhead: 0.3, oneAtATime: false)
    #expect(generous.count == 5)
  }

  @Test func aNewTestUnderASecondRunsFiveMoreTimesHoweverShortTheSession() {
    // Given a one-second session with a new test of 0.2 s: a tenth of it is less than one launch
    let rounds = NewTestCheck().rounds(
      of: [("New.Tests/testQuick", 0.2)], selected: 10, sessionSeconds: 1, overhead: 0.3,
      oneAtATime: false)

    // Then it still runs in five rounds, the floor
    #expect(rounds == Array(repeating: ["New.Tests/testQuick"], count: NewTestCheck.floorRuns))
  }

  @Test func theFloorHoldsOnlyTheTestsUnderASecond() {
    // Given a short session with a new test of 0.2 s and one of 3 s
    let rounds = NewTestCheck().rounds(
      of: [("Quick", 0.2), ("Slow", 3)], selected: 10, sessionSeconds: 2, overhead: 0.3,
      oneAtATime: false)

    // Then the quick one runs five times and the slow one, past the share, never
    #expect(rounds == Array(repeating: ["Quick"], count: 5))
  }

  @Test func aShareOfZeroChecksNothingEvenUnderTheFloor() {
    let rounds = NewTestCheck(share: 0).rounds(
      of: [("Quick", 0.2)], selected: 10, sessionSeconds: 1, overhead: 0.3, oneAtATime: false)
    #expect(rounds.isEmpty)
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
    // When it runs in the session, then in each round
    let sessions = 2000
    let (caught, rounds) = Self.simulate(
      sessions: sessions, seed: 2026, selected: 300, sessionSeconds: 60)
    let extra = Double(rounds) * 0.4
    // Then it is caught in at least 90 % of the sessions, for at most a tenth of their time
    Figures.record(
      "new tests: caught in \(caught) of \(sessions) sessions; \(extra / Double(sessions)) s added to 60 s"
    )
    #expect(caught * 10 >= sessions * 9, "\(caught) of \(sessions)")
    #expect(extra / Double(sessions) <= 6)
  }

  @Test func inAOneSecondSessionSuchATestIsCaughtInMostSessions() {
    // Given 2,000 simulated one-second sessions, each with a new test of 0.1 s failing in 20 % of
    // its runs
    // When it runs in the session, then in each round
    let sessions = 2000
    let (caught, _) = Self.simulate(sessions: sessions, seed: 2027, selected: 10, sessionSeconds: 1)
    // Then it is caught in most of them: six runs, 1 - 0.8^6 = 74 %
    Figures.record("new tests, one-second sessions: caught in \(caught) of \(sessions)")
    #expect(caught * 100 >= sessions * 70, "\(caught) of \(sessions)")
  }

  /// `sessions` simulated sessions of `sessionSeconds` among `selected` tests, drawn from `seed`,
  /// each with a new test of 0.1 s that fails in a fifth of its runs, run in the session and then
  /// in each round of its check (launches costing 0.3 s): in how many it failed at least once,
  /// and how many rounds the checks ran in all.
  static func simulate(
    sessions: Int, seed: UInt64, selected: Int, sessionSeconds: Double
  ) -> (caught: Int, rounds: Int) {
    var random = SplitMix64(seed: seed)
    var caught = 0
    var rounds = 0
    for _ in 0..<sessions {
      let checks = NewTestCheck().rounds(
        of: [("New.Tests/testRacy", 0.1)], selected: selected, sessionSeconds: sessionSeconds,
        overhead: 0.3, oneAtATime: false)
      rounds += checks.count
      let failed = (0...checks.count).contains { _ in
        Double.random(in: 0..<1, using: &random) < 0.2
      }
      if failed { caught += 1 }
    }
    return (caught, rounds)
  }
}
