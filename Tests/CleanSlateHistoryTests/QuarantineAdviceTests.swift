import CleanSlateHistory
import Foundation
import Testing

/// The quarantine's advice: flaky tests not in the file are suggested, entries whose test's rate
/// dropped by the 1 % rule are suggested for release, and entries past their date are named.
@Suite struct QuarantineAdviceTests {
  /// A history of `sessions` sessions a day from 2026-11-01, in which test `Q` fails in the
  /// sessions `failing` picks, and `F` is flaky once.
  func history(sessions: Int, failing: (Int) -> Bool) -> StoredHistory {
    var history = StoredHistory(tests: ["Q", "F", "A"])
    let start = QuarantineDate("2026-11-01")!.start
    for number in 0..<sessions {
      history.sessions.append(
        .init(
          id: "s\(number)", started: start.addingTimeInterval(Double(number) * 86_400 / 10),
          source: SourceVersion(commit: "c\(number / 10)"), machine: "ci", testCount: 3,
          failedCount: 0))
      history.results.append(
        .init(
          session: Int32(number), test: 0, verdict: failing(number) ? .flaky : .passed,
          runs: failing(number) ? 2 : 1, failures: failing(number) ? 1 : 0))
      history.results.append(
        .init(
          session: Int32(number), test: 1, verdict: number == 3 ? .flaky : .passed,
          runs: number == 3 ? 2 : 1, failures: number == 3 ? 1 : 0))
      history.results.append(
        .init(session: Int32(number), test: 2, verdict: .passed, runs: 1, failures: 0))
    }
    return history
  }

  func file(added: String = "2026-11-05", until: String = "2026-12-31") -> QuarantineFile {
    var file = QuarantineFile()
    file.put(
      QuarantineEntry(
        test: "Q", added: QuarantineDate(added)!, until: QuarantineDate(until)!, reason: "load"))
    file.put(
      QuarantineEntry(
        test: "Gone.Tests/testRemoved", added: QuarantineDate(added)!,
        until: QuarantineDate(until)!, reason: "renamed"))
    return file
  }

  @Test func aFlakyTestOutsideTheFileIsSuggestedForAMonth() {
    // Given Q failing in one session in ten, and F flaky once
    let history = history(sessions: 200) { $0 % 10 == 0 }
    let ranked = FlakyRanking().rank(history)

    // When the advice is made on 2026-11-29
    let advice = QuarantineAdvice(
      file: file(), ranked: ranked, history: history, today: QuarantineDate("2026-11-29")!)

    // Then F is suggested until 2026-12-29, and the entry naming no test is to be removed
    #expect(advice.additions.map(\.test) == ["F"])
    #expect(advice.additions.first?.until.description == "2026-12-29")
    #expect(
      advice.additions.first?.reason == "flaky, fails 0.5 % of runs over 200 sessions")
    #expect(
      advice.removals == [
        .init(test: "Gone.Tests/testRemoved", why: "the store saw no run of it in the window")
      ])
    #expect(advice.expired.isEmpty)
  }

  @Test func anEntryIsReleasedOnlyOnceItsRunsSinceAreTooGoodForItsOldRate() {
    // Given Q failing in one session in ten before its entry (added on day 5, session 50), and
    // never after
    let dropped = history(sessions: 400) { $0 < 50 && $0 % 10 == 0 }
    // And the same test with a few sessions after the entry only
    let early = history(sessions: 60) { $0 < 50 && $0 % 10 == 0 }
    // And one still failing at its old rate
    let same = history(sessions: 400) { $0 % 10 == 0 }

    // When each is advised
    func released(_ history: StoredHistory) -> Bool {
      QuarantineAdvice(
        file: file(), ranked: FlakyRanking().rank(history), history: history,
        today: QuarantineDate("2026-11-29")!
      ).removals.contains { $0.test == "Q" }
    }

    // Then only the first is released: 350 runs without a failure are too good for its old rate
    #expect(released(dropped))
    #expect(!released(early))
    #expect(!released(same))
  }

  @Test func anEntryPastItsDateIsNamed() {
    let history = history(sessions: 20) { _ in false }
    let advice = QuarantineAdvice(
      file: file(until: "2026-11-28"), ranked: FlakyRanking().rank(history), history: history,
      today: QuarantineDate("2026-11-29")!)
    #expect(advice.expired.map(\.test) == ["Q", "Gone.Tests/testRemoved"])
  }

  @Test func aTestWhoseRateDidNotDropIsReleasedInAtMostOnePercentOfChecks() {
    // Given tests failing at 2 % a run, before and after their entry, over 2,000 seeded histories
    var random = SplitMix64(seed: 42)
    var released = 0
    for _ in 0..<2000 {
      let before = FailureRate(
        failures: (0..<300).count { _ in Double.random(in: 0..<1, using: &random) < 0.02 },
        runs: 300)
      let after = FailureRate(
        failures: (0..<300).count { _ in Double.random(in: 0..<1, using: &random) < 0.02 },
        runs: 300)
      if QuarantineAdvice.dropped(
        before: before, since: after, added: QuarantineDate("2026-11-01")!) != nil
      {
        released += 1
      }
    }
    // Then at most 1 % are released
    #expect(released <= 20, "\(released) of 2000")
  }
}
