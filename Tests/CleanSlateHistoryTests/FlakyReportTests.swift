import CleanSlateHistory
import Foundation
import Testing

/// `cleanslate flaky`'s report, in every form: the table and paragraphs for people, the JSON for
/// tools, the quarantine's advice.
@Suite struct FlakyReportTests {
  /// Six sessions on three commits: `Cart` broken from c3, `Sync` flaky on c1 with an explained
  /// cause, `Order` quarantined and flaky, `Fresh` new, `Price` healthy.
  static func history() -> StoredHistory {
    var sessions: [StoredSession] = []
    for number in 1...6 {
      var verdicts: [String: String] = [
        "App.Cart/testTotal": number >= 5 ? "failed" : "passed",
        "App.Sync/testPush": number == 2 ? "flaky" : "passed",
        "App.Order/testJSON": number == 4 ? "flaky" : "passed",
        "App.Price/testEuros": "passed",
      ]
      if number >= 5 { verdicts["App.Fresh/testNew"] = "passed" }
      sessions.append(
        Sessions.make(
          "s\(number)", minute: Double(number * 60), commit: "c\((number + 1) / 2)",
          verdicts: verdicts))
    }
    let cause =
      #"{"kind":"parallel","summary":"It passes alone and fails beside App.Sync/testPull.","reproduce":"swift test --filter 'App.Sync'"}"#
    for index in sessions.indices {
      for result in sessions[index].results.indices {
        let name = sessions[index].results[result].test
        if name == "App.Sync/testPush", index == 1 {
          sessions[index].results[result].causeKind = "parallel"
          sessions[index].results[result].cause = cause
        }
        if name == "App.Order/testJSON" { sessions[index].results[result].quarantined = true }
      }
    }
    return StoredHistory(of: sessions)
  }

  static let report = FlakyReport(
    store: "runs.sqlite", history: history(), ranking: FlakyRanking(),
    today: QuarantineDate("2026-09-23")!)

  @Test func theTextRanksTheTestsAndGivesEachItsEvidenceAndCause() {
    #expect(
      Self.report.text() == """
        Tests in runs.sqlite, 6 sessions from 2026-09-21 to 2026-09-21 on 3 commits:

        health      sessions failed flaky ±commits flips  failure rate         test
        broken             6      2     0        0   20%  50 % (22–78 %)       App.Cart/testTotal
        flaky              6      0     1        1   40%  14 % (2.6–51 %)      App.Sync/testPush
        quarantined        6      0     1        1   40%  14 % (2.6–51 %)      App.Order/testJSON
        new                2      0     0        0    0%  0.0 % (0.0–66 %)     App.Fresh/testNew
        … and 1 healthy test (--all lists them).

        App.Cart/testTotal — broken since commit c3 (2026-09-21 19:13 UTC): every run since failed. It is not flaky: fix it, or revert the change.

        App.Sync/testPush — flaky since 2026-09-21 16:13 UTC: failed, then passed, in 1 of 6 sessions; 1 commit saw it both pass and fail; it fails 14 % (2.6–51 %) of its runs.
          Cause (2026-09-21 16:13 UTC): parallel — It passes alone and fails beside App.Sync/testPull.
          Reproduce: swift test --filter 'App.Sync'

        App.Order/testJSON (quarantined) — flaky since 2026-09-21 18:13 UTC: failed, then passed, in 1 of 6 sessions; 1 commit saw it both pass and fail; it fails 14 % (2.6–51 %) of its runs.
          Cause: not explained yet (run cleanslate test --explain --history … when it fails).

        """)
  }

  @Test func aPendingExplanationPooledOverSessionsSaysHowFarItCame() {
    // Given a flaky test whose latest explanation went on from an earlier session and is still
    // undecided, parallel ahead
    var sessions = [
      Sessions.make("s1", verdicts: ["App.Sync/testPush": "flaky"]),
      Sessions.make("s2", minute: 60, verdicts: ["App.Sync/testPush": "flaky"]),
    ]
    sessions[1].results[0].causeKind = "unknown"
    sessions[1].results[0].cause =
      #"{"kind":"unknown","summary":"No factor made a difference the runs could show.","reproduce":"swift test","pooled":{"sessions":2,"runs":484,"lead":"parallel","focus":"parallel","experiments":[{"name":"parallel","rounds":"00x239,10x3","session":"10x1,00x119"}]}}"#
    let report = FlakyReport(
      store: "runs.sqlite", history: StoredHistory(of: sessions), ranking: FlakyRanking(),
      today: QuarantineDate("2026-09-23")!)

    // When the report is written
    let text = report.text()

    // Then its paragraph says where the explanation stands, pooled over both sessions
    #expect(
      text.contains(
        "  Explanation: pending — parallel ahead: 3 of 242 runs at once failed, 0 of 242 in order, pooled over 2 sessions; the next session that sees it fail goes on from here."
      ), "\(text)")
  }

  @Test func theJSONHasEveryTestWithItsHealthCountsAndCause() throws {
    let json = Self.report.json()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let tests = try #require(object["tests"] as? [[String: Any]])
    #expect(
      tests.map { $0["name"] as? String } == [
        "App.Cart/testTotal", "App.Sync/testPush", "App.Order/testJSON", "App.Fresh/testNew",
        "App.Price/testEuros",
      ])
    #expect(
      tests.map { $0["health"] as? String } == ["broken", "flaky", "quarantined", "new", "healthy"])
    let sync = tests[1]
    #expect(sync["sessions"] as? Int == 6)
    #expect(sync["failedSessions"] as? Int == 0)
    #expect(sync["flakySessions"] as? Int == 1)
    #expect(sync["mixedCommits"] as? Int == 1)
    #expect((sync["cause"] as? [String: Any])?["kind"] as? String == "parallel")
    #expect(tests[0]["cause"] is NSNull)
    #expect((tests[0]["brokenSince"] as? [String: Any])?["commit"] as? String == "c3")
    #expect(object["sessions"] as? Int == 6)
    #expect(object["commits"] as? Int == 3)
  }

  @Test func theAdviceSuggestsEntriesAsCommandsToRun() throws {
    var file = QuarantineFile()
    file.put(
      QuarantineEntry(
        test: "App.Order/testJSON", added: QuarantineDate("2026-09-01")!,
        until: QuarantineDate("2026-09-22")!, reason: "hash order"))
    let report = FlakyReport(
      store: "runs.sqlite", history: Self.history(), ranking: FlakyRanking(),
      quarantine: (file, "ci/quarantine.txt"), today: QuarantineDate("2026-09-23")!)
    let text = report.text()
    #expect(
      text.hasSuffix(
        """

        Expired in ci/quarantine.txt (each fails the run until it is renewed or removed):
          App.Order/testJSON: until 2026-09-22 — hash order

        To quarantine (flaky, not in ci/quarantine.txt):
          cleanslate quarantine add App.Sync/testPush --reason 'parallel; flaky, fails 14 % of runs over 6 sessions' --until 2026-10-23 --file ci/quarantine.txt

        """), "\(text)")
  }
}
