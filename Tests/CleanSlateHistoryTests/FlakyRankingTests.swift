import CleanSlateHistory
import Foundation
import Testing

/// What a test's history says of it: flaky when one version of the code saw it pass and fail,
/// broken from the commit it started failing at, never flaky for what a whole session's machine
/// or a tree's uncommitted changes did.
@Suite struct FlakyRankingTests {
  /// The health of each test of `sessions`, by name.
  func health(_ sessions: [StoredSession]) -> [String: TestHealth] {
    Dictionary(
      uniqueKeysWithValues: FlakyRanking().rank(StoredHistory(of: sessions)).map {
        ($0.name, $0.health)
      })
  }

  @Test func aTestThatFailedThenPassedInOneSessionIsFlaky() {
    // Given four sessions, in one of which B failed and then passed
    let sessions = (1...4).map { number in
      Sessions.make(
        "s\(number)", minute: Double(number),
        verdicts: ["A": "passed", "B": number == 2 ? "flaky" : "passed"])
    }

    // Then B is flaky and A healthy
    #expect(health(sessions) == ["A": .healthy, "B": .flaky])
  }

  @Test func aTestThatPassedAndFailedOnOneCommitInTwoSessionsIsFlaky() {
    // Given B failing in one session and passing in another, on one commit
    let sessions = [
      Sessions.make("s1", minute: 1, commit: "c1", verdicts: ["A": "passed", "B": "passed"]),
      Sessions.make("s2", minute: 2, commit: "c1", verdicts: ["A": "passed", "B": "failed"]),
      Sessions.make("s3", minute: 3, commit: "c2", verdicts: ["A": "passed", "B": "passed"]),
    ]

    // Then B is flaky, and its history counts the commit
    let ranked = FlakyRanking().rank(StoredHistory(of: sessions))
    let flaky = ranked.first
    #expect(flaky?.name == "B")
    #expect(flaky?.health == .flaky)
    #expect(flaky?.mixedCommits == 1)
    #expect(flaky?.failedSessions == 1)
    #expect(flaky?.flipRate == 1)
  }

  @Test func aTestThatFailsInEveryRunSinceACommitIsBrokenFromThatCommit() {
    // Given B passing on c1 and c2, then failing in every session from c3 on
    let sessions = (1...6).map { number in
      Sessions.make(
        "s\(number)", minute: Double(number), commit: "c\((number + 1) / 2)",
        verdicts: ["A": "passed", "B": number >= 5 ? "failed" : "passed"])
    }

    // Then B is broken since c3, not flaky
    let ranked = FlakyRanking().rank(StoredHistory(of: sessions))
    #expect(ranked.first?.name == "B")
    #expect(ranked.first?.health == .broken)
    #expect(ranked.first?.brokenSince?.commit == "c3")
  }

  @Test func aTestThatFailedOnceOnANewCommitWithoutARetryIsNotYetBroken() {
    // Given B failing once, in its only run of the latest session, on a commit of its own
    var sessions = (1...3).map { number in
      Sessions.make("s\(number)", minute: Double(number), commit: "c1", verdicts: ["B": "passed"])
    }
    var failed = Sessions.make("s4", minute: 4, commit: "c2", verdicts: ["B": "passed"])
    failed.results[0] = StoredResult(test: "B", verdict: "failed", runs: 1, failures: 1, seconds: 1)
    sessions.append(failed)

    // Then one run is not enough to call it broken, and no version saw it pass and fail
    #expect(health(sessions) == ["B": .healthy])
    #expect(FlakyRanking().rank(StoredHistory(of: sessions)).first?.failedSessions == 1)
  }

  @Test func aSessionInWhichMostTestsFailedIsNoTestsEvidenceOfFlakiness() {
    // Given 20 tests passing on one commit, and one session on it where 15 of them failed, then
    // passed when retried (the machine, not the tests)
    let names = (1...20).map { "T\($0)" }
    var sessions = (1...3).map { number in
      Sessions.make(
        "s\(number)", minute: Double(number),
        verdicts: Dictionary(uniqueKeysWithValues: names.map { ($0, "passed") }))
    }
    sessions.append(
      Sessions.make(
        "mass", minute: 4,
        verdicts: Dictionary(
          uniqueKeysWithValues: names.enumerated().map { ($1, $0 < 15 ? "flaky" : "passed") })))
    sessions.append(
      Sessions.make(
        "machine down", minute: 5,
        verdicts: Dictionary(
          uniqueKeysWithValues: names.enumerated().map { ($1, $0 < 15 ? "failed" : "passed") })))
    sessions.append(
      Sessions.make(
        "s6", minute: 6, verdicts: Dictionary(uniqueKeysWithValues: names.map { ($0, "passed") })))

    // Then no test is flaky
    #expect(Set(health(sessions).values) == [.healthy])
  }

  @Test func failuresOnATreeWithUncommittedChangesAreNotTheCommitsFlakiness() {
    // Given B failing on a tree with uncommitted changes, passing on the same commit clean
    let sessions = [
      Sessions.make("s1", minute: 1, verdicts: ["B": "passed"]),
      Sessions.make("wip", minute: 2, dirty: true, verdicts: ["B": "failed"]),
      Sessions.make("s3", minute: 3, verdicts: ["B": "passed"]),
      Sessions.make("s4", minute: 4, verdicts: ["B": "passed"]),
    ]

    // Then B is healthy
    #expect(health(sessions) == ["B": .healthy])
  }

  @Test func aTestSeenInFewerThanThreeSessionsIsNewAndAQuarantinedOneSaysSo() {
    // Given A in four sessions, B in the last two, C quarantined and flaky
    var sessions = (1...4).map { number in
      Sessions.make(
        "s\(number)", minute: Double(number),
        verdicts: number >= 3
          ? ["A": "passed", "B": "passed", "C": number == 4 ? "flaky" : "passed"]
          : ["A": "passed", "C": "passed"])
    }
    for index in sessions.indices {
      for result in sessions[index].results.indices
      where sessions[index].results[result].test == "C" {
        sessions[index].results[result].quarantined = true
      }
    }

    // Then A is healthy, B new and C quarantined
    #expect(health(sessions) == ["A": .healthy, "B": .new, "C": .quarantined])
    // And a quarantine file that no longer names C makes it flaky again
    var ranking = FlakyRanking()
    ranking.quarantined = []
    let again = ranking.rank(StoredHistory(of: sessions)).first { $0.name == "C" }
    #expect(again?.health == .flaky)
  }

  @Test func theFailureRateHasItsInterval() {
    let rate = FailureRate(failures: 3, runs: 100)
    #expect(rate.description == "3.0 % (1.0–8.5 %)")
    #expect(FailureRate(failures: 0, runs: 0).description == "0.0 % (0.0–100 %)")
    #expect(FailureRate(failures: 0, runs: 200).interval.upperBound < 0.02)
  }
}
