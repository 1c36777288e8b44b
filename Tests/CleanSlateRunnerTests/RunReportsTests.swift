import CleanSlate
import CleanSlateBisect
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation
import Testing

/// What a run writes: JUnit XML as Surefire writes reruns (`<flakyFailure>` for a flaky test, no
/// `<failure>`), the JSON summary, and the human summary that ends the output.
@Suite struct RunReportsTests {
  private let records = [
    TestRecord(
      name: "Tests.A/testPasses",
      attempts: [.init(repetition: 1, end: .init(.passed, seconds: 0.25))]),
    TestRecord(
      name: "Tests.A/testFlaky",
      attempts: [
        .init(
          repetition: 1,
          end: .init(
            .failed, seconds: 1,
            failure: #"XCTAssertEqual failed: ("1") is not equal to ("2") (A.swift:3)"#)),
        .init(repetition: 1, end: .init(.passed, seconds: 0.5)),
      ]),
    TestRecord(
      name: "Tests.Outer/Inner/fails()",
      attempts: [
        .init(
          repetition: 1, end: .init(.failed, seconds: 0.1, failure: "Expectation failed: a < b")),
        .init(
          repetition: 1, end: .init(.failed, seconds: 0.3, failure: "Expectation failed: a < b")),
      ]),
    TestRecord(
      name: "Tests.Outer/Inner/skipped()", attempts: [.init(repetition: 1, end: .init(.skipped))]
    ),
  ]

  @Test func junitMarksFlakyTestsAsSurefireDoes() {
    #expect(
      JUnitReport.xml(records) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="cleanslate test" tests="4" failures="1" errors="0" skipped="1" time="1.200000">
          <testsuite name="Tests.A" tests="2" failures="0" errors="0" skipped="0" time="1.000000">
            <testcase classname="Tests.A" name="testPasses" time="0.250000"/>
            <testcase classname="Tests.A" name="testFlaky" time="0.750000">
              <flakyFailure message="XCTAssertEqual failed: (&quot;1&quot;) is not equal to (&quot;2&quot;) (A.swift:3)" type="failure"/>
            </testcase>
          </testsuite>
          <testsuite name="Tests.Outer/Inner" tests="2" failures="1" errors="0" skipped="1" time="0.200000">
            <testcase classname="Tests.Outer/Inner" name="fails()" time="0.200000">
              <failure message="Expectation failed: a &lt; b" type="failure"/>
              <rerunFailure message="Expectation failed: a &lt; b" type="failure"/>
            </testcase>
            <testcase classname="Tests.Outer/Inner" name="skipped()" time="0.000000">
              <skipped/>
            </testcase>
          </testsuite>
        </testsuites>

        """)
  }

  @Test func junitTimesEachSuiteAndTheRunByTheWallClockWhenTheSessionHeardItsTests() throws {
    // Given a session whose tests ran at once: each of Tests.A's from 0 s to 1 s, Tests.Outer's
    // from 0.5 s to 1.5 s (its sums of durations are 1.75 s and 0.4 s)
    let start = Date(timeIntervalSince1970: 1_000_000)
    var session = FinishedSession(SessionResult(records: records))
    var timeline = SessionTimeline()
    for (test, from, to) in [
      ("Tests.A/testPasses", 0.0, 0.25), ("Tests.A/testFlaky", 0.0, 1.0),
      ("Tests.Outer/Inner/fails()", 0.5, 1.5),
    ] {
      timeline.saw(TestName(test), at: start.addingTimeInterval(from))
      timeline.saw(TestName(test), at: start.addingTimeInterval(to))
    }

    // When its JUnit file is written
    session.timeline = timeline
    let xml = JUnitReport.xml(session)

    // Then each suite's time, and the run's, is from its first start to its last end
    #expect(
      xml.contains(
        #"<testsuites name="cleanslate test" tests="4" failures="1" errors="0" skipped="1" time="1.500000">"#
      ), "\(xml)")
    #expect(
      xml.contains(
        #"<testsuite name="Tests.A" tests="2" failures="0" errors="0" skipped="0" time="1.000000">"#
      ), "\(xml)")
    #expect(
      xml.contains(
        #"<testsuite name="Tests.Outer/Inner" tests="2" failures="1" errors="0" skipped="1" time="1.000000">"#
      ), "\(xml)")
    // And each test's time is still the mean of its attempts
    #expect(xml.contains(#"name="testFlaky" time="0.750000""#), "\(xml)")
  }

  @Test func theTimelineIsHeardFromTheSessionsProgress() throws {
    // Given a JUnit reporter that hears each test's start and end as they happen
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-junit-time-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("junit.xml").path
    let events = SessionEvents([JUnitReporter(path: path)])
    let start = Date(timeIntervalSince1970: 1_000_000)

    // When two tests of 2 s each run at once, and a slow line is heard meanwhile
    events.send(.progress(test: "Tests.A/testPasses", .started, at: start))
    events.send(.progress(test: "Tests.A/testFlaky", .started, at: start))
    events.send(.progress(test: "Tests.A/testFlaky", .slow(running: .seconds(1))))
    events.send(
      .progress(test: "Tests.A/testPasses", .ended(.passed, seconds: 2), at: start + 2))
    events.send(
      .progress(test: "Tests.A/testFlaky", .ended(.passed, seconds: 2), at: start + 2))
    events.send(.sessionEnded(FinishedSession(SessionResult(records: Array(records.prefix(2))))))
    try events.finish()

    // Then the run took 2 s, not the 4 s of their durations
    let xml = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      xml.contains(
        #"<testsuites name="cleanslate test" tests="2" failures="0" errors="0" skipped="0" time="2.000000">"#
      ), "\(xml)")
  }

  @Test func theJUnitFileIsReadBackAsTimings() throws {
    let xml = JUnitReport.xml(records)

    let plan = ShardPlan(records.map(\.name), count: 2, timings: try junitTimings(xml))

    #expect(plan.basis == .timings(known: 4, median: 225_000))
  }

  private func junitTimings(_ xml: String) throws -> TestTimings {
    let path = "/tmp/cleanslate-junit-\(UInt32.random(in: 0...UInt32.max)).xml"
    try xml.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let read = TimingsReader.read([path])
    #expect(read.warnings.isEmpty)
    return read.timings
  }

  @Test func theJSONSummaryHasEveryTestsOutcomeRunsFailuresAndDuration() {
    #expect(
      SummaryJSON.text(records) == """
        {"tests":[
        {"name":"Tests.A/testPasses","outcome":"passed","runs":1,"failures":0,"duration":0.25},
        {"name":"Tests.A/testFlaky","outcome":"flaky","runs":2,"failures":1,"duration":0.75},
        {"name":"Tests.Outer/Inner/fails()","outcome":"failed","runs":2,"failures":2,"duration":0.2},
        {"name":"Tests.Outer/Inner/skipped()","outcome":"skipped","runs":1,"failures":0,"duration":0.0}
        ]}

        """)
  }

  @Test func theHumanSummaryNamesFlakyAndFailedTestsThenTheCounts() {
    #expect(
      SessionSummary(records).lines == [
        "Flaky: Tests.A/testFlaky (2 attempts: failed, passed)",
        "Failed: Tests.Outer/Inner/fails() (2 of 2 runs): Expectation failed: a < b",
        "1 passed, 1 failed, 1 flaky, 1 skipped",
      ])
  }

  @Test func aShardsSummarySaysHowBalancedTheShardsAre() throws {
    let timings = TestTimings(["T.A/a": 3_000_000, "T.A/b": 2_000_000, "T.A/c": 2_000_000])
    let plan = ShardPlan(["T.A/a", "T.A/b", "T.A/c"], count: 2, timings: timings)
    let shard = try ShardSpec(parsing: "2/2")

    #expect(
      SessionSummary([], plan: plan, shard: shard).lines == [
        "Shard 2/2: 2 tests, 4.00 s expected; longest shard 4.00 s against a mean of 3.50 s (1.14); 3 tests timed, the others counted as the median, 2.00 s.",
        "0 passed, 0 failed, 0 flaky, 0 skipped",
      ])
    #expect(
      SessionSummary([], plan: ShardPlan(["T.A/a", "T.A/b", "T.A/c"], count: 2), shard: shard).lines
        .first == "Shard 2/2: 2 tests of 3, split by count (no timings).")
  }
}

/// A test that timed out, in every form a run writes: its own outcome, a JUnit failure of type
/// `timeout` whose message says after how long and whose text is where it was stuck.
@Suite struct TimedOutReportsTests {
  private let records = [
    TestRecord(
      name: "Tests.A/testHangs",
      attempts: [
        .init(
          repetition: 1,
          end: .init(
            .timedOut, seconds: 5.2, failure: "timed out after 5 seconds",
            report: ["Timed out: Tests.A/testHangs ran for 5.2 s.", "  #7  wait() at A.swift:9"]))
      ]),
    TestRecord(
      name: "Tests.A/testPasses",
      attempts: [.init(repetition: 1, end: .init(.passed, seconds: 0.25))]),
  ]

  @Test func junitHasATimeoutFailureWithWhereTheTestWasStuck() {
    #expect(
      JUnitReport.xml(records) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="cleanslate test" tests="2" failures="1" errors="0" skipped="0" time="5.450000">
          <testsuite name="Tests.A" tests="2" failures="1" errors="0" skipped="0" time="5.450000">
            <testcase classname="Tests.A" name="testHangs" time="5.200000">
              <failure message="timed out after 5 seconds" type="timeout">Timed out: Tests.A/testHangs ran for 5.2 s.
          #7  wait() at A.swift:9</failure>
            </testcase>
            <testcase classname="Tests.A" name="testPasses" time="0.250000"/>
          </testsuite>
        </testsuites>

        """)
  }

  @Test func theSummariesNameTheOutcome() {
    #expect(
      SummaryJSON.text(records) == """
        {"tests":[
        {"name":"Tests.A/testHangs","outcome":"timedOut","runs":1,"failures":1,"duration":5.2},
        {"name":"Tests.A/testPasses","outcome":"passed","runs":1,"failures":0,"duration":0.25}
        ]}

        """)
    #expect(
      SessionSummary(records).lines == [
        "Timed out: Tests.A/testHangs: timed out after 5 seconds; where it was stuck is above.",
        "1 passed, 0 failed, 0 flaky, 0 skipped, 1 timed out",
      ])
  }
}
