import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation
import Testing

/// A session under quarantine, on a simulated suite: a quarantined test still runs, runs again
/// when it fails (twice at least, whatever `--retries` says), and its flaky failure — a failed
/// attempt, a crash held against it — does not fail the run; one that fails every attempt is
/// broken and does; an entry past its date fails the run; each report says what happened.
@Suite struct QuarantineSessionTests {
  static let note = SessionQuarantine.Note(
    reason: "parallel (#212)", until: "2026-12-31", flakySince: "2026-11-02", cause: "parallel")

  /// The session of `run` under a quarantine of `tests`.
  func finished(_ run: SessionResult, quarantining tests: [TestName]) -> FinishedSession {
    var finished = FinishedSession(run)
    finished.quarantine = SessionQuarantine(
      tests: Dictionary(uniqueKeysWithValues: tests.map { ($0, Self.note) }))
    return finished
  }

  @Test func aQuarantinedTestThatFailedThenPassedDoesNotFailTheRunAndIsReportedEverywhere()
    async throws
  {
    // Given a quarantined test that fails on its first two attempts, and a stable one
    let runner = SimulatedSuite(.xcTest) { test, attempt in
      test == "T.A/racy" && attempt <= 2 ? .fail : .pass
    }

    // When they run without retries
    var session = TestSession(launcher: runner)
    session.quarantined = ["T.A/racy"]
    let run = try await session.run(["T.A/racy", "T.A/fine"])
    let finished = finished(run, quarantining: ["T.A/racy"])

    // Then the quarantined test ran again twice, alone, and was flaky; the run passes, even with
    // --fail-on-flaky
    #expect(runner.batches.value == [["T.A/racy", "T.A/fine"], ["T.A/racy"], ["T.A/racy"]])
    #expect(run.records.map(\.verdict) == [.flaky, .passed])
    #expect(!finished.fails())
    #expect(!finished.fails(failOnFlaky: true))
    // And the summary, JUnit and the JSON say it failed, and that it is quarantined
    #expect(
      finished.summary.lines == [
        "Quarantined: T.A/racy, failed 2 of 3 attempts, flaky since 2026-11-02, cause parallel (until 2026-12-31: parallel (#212)).",
        "1 passed, 0 failed, 1 flaky, 0 skipped, 1 in quarantine",
      ])
    let junit = JUnitReport.xml(finished)
    #expect(
      junit.contains(
        #"<properties><property name="cleanslate.quarantined" value="until 2026-12-31: parallel (#212)"/></properties>"#
      ), "\(junit)")
    #expect(junit.components(separatedBy: "<flakyFailure ").count == 3)
    let json = SummaryJSON.text(finished)
    #expect(
      json.contains(
        #"{"name":"T.A/racy","outcome":"flaky","runs":3,"failures":2,"duration":0.833333,"quarantined":{"until":"2026-12-31","reason":"parallel (#212)","flakySince":"2026-11-02"}}"#
      ), "\(json)")
  }

  @Test func aQuarantinedTestThatFailsEveryAttemptIsBrokenAndFailsTheRun() async throws {
    // Given a quarantined test that always fails
    let runner = SimulatedSuite(.xcTest) { _, _ in .fail }

    // When it runs
    var session = TestSession(launcher: runner)
    session.quarantined = ["T.A/broken"]
    let run = try await session.run(["T.A/broken"])
    let finished = finished(run, quarantining: ["T.A/broken"])

    // Then it ran three times, failed every time, and fails the run, the summary saying why
    #expect(run.records[0].runs == 3)
    #expect(finished.fails())
    #expect(
      finished.summary.lines.contains(
        "Quarantined: T.A/broken failed every attempt (3 of 3): it is broken, not flaky, and fails the run (until 2026-12-31: parallel (#212))."
      ))
  }

  @Test func aCrashHeldAgainstAQuarantinedTestDoesNotFailTheRunOneAgainstAnotherDoes()
    async throws
  {
    // Given a test whose process crashes on its first attempt, named by the crashed thread
    let runner = SimulatedSuite(.xcTest) { test, attempt in
      test == "T.A/crashy" && attempt == 1 ? .crash(named: true) : .pass
    }

    // When it runs, quarantined, with a stable test
    var session = TestSession(launcher: runner)
    session.quarantined = ["T.A/crashy"]
    let run = try await session.run(["T.A/crashy", "T.A/fine"])

    // Then the crash is kept, held against it, and does not fail the run; without the
    // quarantine it would
    #expect(run.crashes.count == 1)
    #expect(run.records[0].verdict == .flaky)
    #expect(!finished(run, quarantining: ["T.A/crashy"]).fails())
    #expect(finished(run, quarantining: ["T.A/fine"]).fails())
  }

  @Test func anEntryPastItsDateFailsTheRunNamingIt() {
    var finished = FinishedSession(
      SessionResult(records: [
        TestRecord(name: "T.A/fine", attempts: [.init(repetition: 1, end: TestEnd(.passed))])
      ]))
    let line =
      "Quarantine expired: T.A/old (until 2026-11-20, in quarantine.txt): it no longer holds, and the run fails until the entry is renewed (cleanslate quarantine add … --until YYYY-MM-DD) or removed."
    finished.quarantine = SessionQuarantine(expired: [line])
    #expect(finished.fails())
    #expect(finished.summary.lines == [line, "1 passed, 0 failed, 0 flaky, 0 skipped"])
  }

  @Test func aNewTestThatFailedACheckFailsTheRunUnlessQuarantined() {
    // Given a new test that passed in the session, then failed one of ten checks
    var attempts = [TestRecord.Attempt(repetition: 1, end: TestEnd(.passed))]
    for check in 1...10 {
      attempts.append(
        .init(
          repetition: 1,
          end: check == 4 ? TestEnd(.failed, failure: "expected 2, got 3") : TestEnd(.passed),
          check: true))
    }
    let checked = SessionResult(records: [
      TestRecord(name: "T.A/new", attempts: attempts),
      TestRecord(
        name: "T.A/alsoNew",
        attempts: [.init(repetition: 1, end: TestEnd(.passed))]
          + (1...10).map { _ in .init(repetition: 1, end: TestEnd(.passed), check: true) }),
    ])
    var finished = FinishedSession(checked)
    finished.newTests = ["T.A/new", "T.A/alsoNew"]

    // Then it is flaky, fails the run, and the summary says so; the other passed its checks
    #expect(checked.records[0].verdict == .flaky)
    #expect(finished.fails())
    #expect(
      finished.summary.lines == [
        "Flaky: T.A/new (failed 1 of 11 attempts)",
        "New test flaky: T.A/new failed 1 of 11 runs before it merged (1 of the 10 that checked it): it fails the run. Fix it before it merges: --explain tells why.",
        "New test checked: 1 test the store of runs had never seen pass ran again 10 times each, and passed.",
        "1 passed, 0 failed, 1 flaky, 0 skipped",
      ])
    #expect(
      SummaryJSON.text(finished).contains(
        #""name":"T.A/new","outcome":"flaky","runs":11,"failures":1,"duration":0.0,"newTest":{"checks":10,"failed":1}}"#
      ))
    // And quarantined, it does not fail the run
    finished.quarantine = SessionQuarantine(tests: ["T.A/new": Self.note])
    #expect(!finished.fails())
  }
}
