import CleanSlate
import CleanSlateChildProcess
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A session a signal stops (``LaunchInterrupted``) keeps every attempt that ended, launches
/// nothing more, and says which tests were running and which never ran; every report carries it,
/// and it fails the run.
@Suite struct InterruptedSessionTests {
  /// A suite run one test after the other whose launch number `stopAt` is stopped by SIGTERM
  /// while `running` runs: the tests before it in the launch ended (each that `failing` holds
  /// failed, the others passed), the one running has no end, the ones after it never started.
  struct StoppedSuite: TestLaunching {
    var stopAt: Int
    var running: TestName?
    var failing: Set<TestName> = []
    var signal = SIGTERM
    let launches = Locked<[[TestName]]>([])

    func launch(_ tests: [TestName]) async throws -> Launch {
      let number = launches.withLock { launches in
        launches.append(tests)
        return launches.count
      }
      let stopped = number == stopAt
      var ends: [TestName: TestEnd] = [:]
      var crashes: [TestCrash] = []
      for test in tests {
        if stopped, test == running {
          crashes.append(TestCrash(termination: .signalled(signal), running: [test]))
          break
        }
        ends[test] =
          failing.contains(test) ? TestEnd(.failed, failure: "boom") : TestEnd(.passed)
      }
      let launch = Launch(
        command: SwiftTestInvocation(environment: [], arguments: ["test"]), ends: ends,
        crashes: crashes)
      guard stopped else { return launch }
      throw LaunchInterrupted(signal: signal, launch: launch)
    }
  }

  @Test func aSignalKeepsWhatEndedNamesWhatRanAndWhatNeverRanAndLaunchesNothingMore() async throws {
    // Given four tests run one after the other, the first failing, with 2 retries
    let suite = StoppedSuite(stopAt: 1, running: "T.A/c", failing: ["T.A/a"])
    let session = TestSession(launcher: suite, retries: 2)

    // When SIGTERM stops the first launch while the third test runs
    let result = try await session.run(["T.A/a", "T.A/b", "T.A/c", "T.A/d"])

    // Then the two that ended keep their ends, no retry ran, and the stop names the running test
    // and the one that never ran; neither has a record
    #expect(suite.launches.value == [["T.A/a", "T.A/b", "T.A/c", "T.A/d"]])
    #expect(result.records.map(\.name) == ["T.A/a", "T.A/b"])
    #expect(result.records.map(\.verdict) == [.failed, .passed])
    #expect(
      result.interruption
        == SessionInterruption(signal: SIGTERM, running: ["T.A/c"], notRun: ["T.A/d"]))
    #expect(result.crashes.isEmpty)
    #expect(result.interruption?.exitStatus == 143)
  }

  @Test func aSignalDuringARetryStopsTheRetriesAndTheTestIsNamedAsRunning() async throws {
    // Given a test that fails, retried up to 3 times
    let suite = StoppedSuite(stopAt: 2, running: "T.A/a", failing: ["T.A/a"])

    // When SIGTERM stops its first retry
    let result = try await TestSession(launcher: suite, retries: 3).run(["T.A/a", "T.A/b"])

    // Then its failed attempt is kept, no other retry ran, and it was running when it stopped
    #expect(suite.launches.value == [["T.A/a", "T.A/b"], ["T.A/a"]])
    #expect(result.records.map(\.runs) == [1, 1])
    #expect(result.interruption?.running == ["T.A/a"])
    #expect(result.interruption?.notRun == [])
  }

  @Test func aSignalInALaterRepetitionSaysWhichAndTheRestDoNotRun() async throws {
    // Given two tests repeated 3 times
    let suite = StoppedSuite(stopAt: 2, running: "T.A/b", signal: SIGINT)

    // When SIGINT stops the second repetition while the second test runs
    let result = try await TestSession(launcher: suite, repetitions: 3).run(["T.A/a", "T.A/b"])

    // Then two repetitions ran, the third did not, and the stop says where it came
    #expect(suite.launches.value.count == 2)
    #expect(result.repetitionsRan == 2)
    #expect(result.records.map(\.runs) == [2, 1])
    let stop = try #require(result.interruption)
    #expect(stop.exitStatus == 130)
    #expect(
      stop.line
        == "Interrupted: the session was interrupted by SIGINT in repetition 2 of 3 while 1 test was running (T.A/b); every result before it is kept, and it fails the run."
    )
  }

  @Test func everyReportSaysTheStopAndItFailsTheRun() async throws {
    // Given a session SIGTERM stopped while one test ran, before one other ran
    let suite = StoppedSuite(stopAt: 1, running: "T.A/c")
    let result = try await TestSession(launcher: suite).run(["T.A/a", "T.A/b", "T.A/c", "T.A/d"])
    let finished = FinishedSession(result)

    // Then the summary says it before the counts, which count it
    let lines = finished.summary.lines
    #expect(
      lines.suffix(2) == [
        "Interrupted: the session was interrupted by SIGTERM while 1 test was running (T.A/c); 1 test never ran; every result before it is kept, and it fails the run.",
        "2 passed, 0 failed, 0 flaky, 0 skipped, 1 interrupted, 1 not run",
      ])
    #expect(finished.fails())

    // And the JSON carries it, with the two tests that ended
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(SummaryJSON.text(finished).utf8))
        as? [String: Any])
    #expect((object["tests"] as? [Any])?.count == 2)
    let stop = try #require(object["interrupted"] as? [String: Any])
    #expect(stop["signal"] as? String == "SIGTERM")
    #expect(stop["exitStatus"] as? Int == 143)
    #expect(stop["running"] as? [String] == ["T.A/c"])
    #expect(stop["notRun"] as? [String] == ["T.A/d"])

    // And JUnit counts it as an error of its own, naming what never ran
    let xml = JUnitReport.xml(finished)
    #expect(
      xml.contains(
        #"<error message="the session was interrupted by SIGTERM while 1 test was running (T.A/c); 1 test never ran" type="interrupted">Never ran:"#
      ), "\(xml)")
    #expect(xml.contains(#"<testsuites name="cleanslate test" tests="3" failures="0" errors="1""#))
  }

  @Test func aSessionCutShortForgetsNoFailureOfTheTestsItDidNotRun() {
    // Given a last session in which b and d failed
    let earlier = LastSession(ended: Date(), ran: 4, failed: ["T.A/b", "T.A/d"])
    // And a session that a signal stopped after a passed and b passed, while c ran, before d
    var result = SessionResult(records: [
      TestRecord(name: "T.A/a", attempts: [.init(repetition: 1, end: .init(.passed))]),
      TestRecord(name: "T.A/b", attempts: [.init(repetition: 1, end: .init(.passed))]),
    ])
    result.interruption = SessionInterruption(
      signal: SIGTERM, running: ["T.A/c"], notRun: ["T.A/d"])

    // When it is kept as the last session
    let kept = LastSession(result, after: earlier)

    // Then c (it did not pass) and d (it did not run, and failed before) are its failures; b
    // passed, so it is not
    #expect(kept.failed == ["T.A/c", "T.A/d"])
    #expect(kept.ran == 2)
  }

  @Test func aSignalDuringTheBuildEndsTheBuildAndSaysSo() async throws {
    // Given an interruption asked for with SIGTERM, as the build starts
    let interruption = LaunchInterruption()
    interruption.interrupt(by: SIGTERM)
    let package = TestPackage(path: "Tests/HangFixture")

    // When the tests build
    let error = await #expect(throws: LaunchInterrupted.self) {
      try await package.build(interruption: interruption)
    }

    // Then the build was ended, and what stopped it is said, not a failed build
    #expect(error?.signal == SIGTERM)
  }

}
