import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import Testing

/// Retries, repeats and hangs, on a simulated suite: a failed test runs again alone, failed then
/// passed is flaky, a test that failed in one repetition failed, a hung test times out and the
/// tests its process had not run run again.
@Suite struct TestSessionTests {
  @Test func aFailedTestRunsAgainAloneAndFailedThenPassedIsFlaky() async throws {
    // Given a test that fails on its first attempt, one that always fails, and one that passes
    let runner = SimulatedSuite(.xcTest) { test, attempt in
      switch test {
      case "T.A/flaky": attempt == 1 ? .fail : .pass
      case "T.A/broken": .fail
      default: .pass
      }
    }

    // When they run with 2 retries
    let run = try await TestSession(launcher: runner, retries: 2).run(
      ["T.A/broken", "T.A/flaky", "T.A/fine"])

    // Then the flaky test passed on its second attempt, the broken one failed all three, each
    // retry ran alone
    #expect(run.records.map(\.verdict) == [.failed, .flaky, .passed])
    #expect(run.records.map(\.runs) == [3, 2, 1])
    #expect(run.records.map(\.failures) == [3, 1, 0])
    #expect(FinishedSession(run).fails())
    #expect(
      runner.batches.value == [
        ["T.A/broken", "T.A/flaky", "T.A/fine"], ["T.A/broken"], ["T.A/broken"], ["T.A/flaky"],
      ])
  }

  @Test func aTestThatFailedInOneRepetitionFailedThoughItPassedInTheOthers() async throws {
    // Given a test that fails on its second run only
    let runner = SimulatedSuite(.xcTest) { test, attempt in
      test == "T.A/b" && attempt == 2 ? .fail : .pass
    }

    // When the selection runs 3 times, without retries
    let run = try await TestSession(launcher: runner, repetitions: 3).run(["T.A/a", "T.A/b"])

    // Then it ran 3 times and failed once: the second repetition failed, so the test did
    #expect(run.records.map(\.runs) == [3, 3])
    #expect(run.records.map(\.failures) == [0, 1])
    #expect(run.records[1].repetitionVerdicts == [.passed, .failed, .passed])
    #expect(run.records.map(\.verdict) == [.passed, .failed])
    #expect(FinishedSession(run).fails())
    #expect(
      SessionSummary(run).lines == [
        "Failed: T.A/b (1 of 3 repetitions failed, 2 passed): boom 2",
        "1 passed, 1 failed, 0 flaky, 0 skipped",
      ])
  }

  @Test func aTestWhoseFailuresARetryTurnedIntoPassesInEveryRepetitionIsFlaky() async throws {
    // Given a test that fails on its first and third runs
    let runner = SimulatedSuite(.xcTest) { test, attempt in
      test == "T.A/b" && (attempt == 1 || attempt == 3) ? .fail : .pass
    }

    // When the selection runs twice, with a retry
    let run = try await TestSession(launcher: runner, retries: 1, repetitions: 2).run(["T.A/b"])

    // Then each repetition failed, then passed: flaky, and the run passes
    #expect(run.records[0].repetitionVerdicts == [.flaky, .flaky])
    #expect(run.records[0].verdict == .flaky)
    #expect(!FinishedSession(run).fails())
    #expect(FinishedSession(run).fails(failOnFlaky: true))
    #expect(
      SessionSummary(run).lines == [
        "Flaky: T.A/b (4 attempts: failed, passed, failed, passed)",
        "0 passed, 0 failed, 1 flaky, 0 skipped",
      ])
  }

  @Test func aHungTestTimesOutAndTheTestsItsProcessHadNotRunRunOnceMore() async throws {
    // Given a test that hangs in the middle of the selection
    let runner = SimulatedSuite(.xcTest) { test, _ in test == "T.A/b" ? .hang : .pass }

    // When they run
    let run = try await TestSession(launcher: runner).run(["T.A/a", "T.A/b", "T.A/c", "T.A/d"])

    // Then it timed out, and the tests after it ran once, together, and passed
    #expect(run.records.map(\.verdict) == [.passed, .timedOut, .passed, .passed])
    #expect(run.records.map(\.runs) == [1, 1, 1, 1])
    #expect(run.records[1].attempts.first?.end.failure == "timed out after 5 seconds")
    #expect(run.crashes.isEmpty)
    #expect(runner.batches.value == [["T.A/a", "T.A/b", "T.A/c", "T.A/d"], ["T.A/c", "T.A/d"]])
  }

  @Test func aTimedOutTestIsRetriedAndTimedOutThenPassedIsFlaky() async throws {
    // Given a test that hangs on its first attempt only, and one that always hangs
    let runner = SimulatedSuite(.xcTest) { test, attempt in
      switch test {
      case "T.A/once": attempt == 1 ? .hang : .pass
      case "T.A/always": .hang
      default: .pass
      }
    }

    // When they run with 1 retry
    let run = try await TestSession(launcher: runner, retries: 1).run(["T.A/always", "T.A/once"])

    // Then the first is flaky, the second timed out in both attempts
    #expect(run.records.map(\.verdict) == [.timedOut, .flaky])
    #expect(run.records.map(\.failures) == [2, 1])
  }

  @Test func aSkippedTestIsSkippedAndNotRetried() async throws {
    let runner = SimulatedSuite(.xcTest) { _, _ in .skip }

    let run = try await TestSession(launcher: runner, retries: 3).run(["T.A/a"])

    #expect(run.records.map(\.verdict) == [.skipped])
    #expect(runner.batches.value.count == 1)
  }

  @Test func anEmptyShardRunsNothing() async throws {
    let runner = SimulatedSuite(.xcTest) { _, _ in .pass }

    let run = try await TestSession(launcher: runner).run([])

    #expect(run.records.isEmpty)
    #expect(!FinishedSession(run).fails())
    #expect(runner.batches.value.isEmpty)
  }
}
