import CleanSlate
import CleanSlateBisect
import CleanSlateRunner
import CleanSlateTestProcess
import Testing

/// Retries, repeats and crashes, on a simulated suite: a failed test runs again alone, failed then
/// passed is flaky, a crash is pinned on the test it was in and the others still get results.
@Suite struct TestSessionTests {
  /// A suite whose tests end as `behaviour` says, by name and attempt (from 1), counting runs.
  struct SimulatedRunner: TestBatchRunner {
    /// What a test does on its attempt.
    enum Step: Sendable { case pass, fail, crash, skip, hang }

    let behaviour: @Sendable (String, Int) -> Step
    /// Whether the output says which test a crash was in (XCTest's does, Swift Testing's not).
    var namesCrashedTest = true
    let batches = Locked<[[String]]>([])
    private let attempts = Locked<[String: Int]>([:])

    func run(_ tests: [String]) async throws -> TestBatch {
      batches.withLock { $0.append(tests) }
      var results: [String: TestResult] = [:]
      for test in tests {
        let attempt = attempts.withLock { counts in
          counts[test, default: 0] += 1
          return counts[test]!
        }
        switch behaviour(test, attempt) {
        case .pass: results[test] = TestResult(.passed, seconds: 0.5)
        case .fail: results[test] = TestResult(.failed, seconds: 1, failure: "boom \(attempt)")
        case .skip: results[test] = TestResult(.skipped)
        case .crash:
          return TestBatch(
            results: results, status: 1, signal: 11, diedIn: namesCrashedTest ? test : nil)
        case .hang:
          // Ended at its limit with its process: the tests after it did not run.
          results[test] = TestResult(.timedOut, seconds: 5, failure: "timed out after 5 seconds")
          return TestBatch(
            results: results, status: 1, signal: 9, diedIn: test, endedAHungTest: true)
        }
      }
      return TestBatch(
        results: results, status: results.values.contains { $0.outcome == .failed } ? 1 : 0)
    }
  }

  @Test func aFailedTestRunsAgainAloneAndFailedThenPassedIsFlaky() async throws {
    // Given a test that fails on its first attempt, one that always fails, and one that passes
    let runner = SimulatedRunner { test, attempt in
      switch test {
      case "T.A/flaky": attempt == 1 ? .fail : .pass
      case "T.A/broken": .fail
      default: .pass
      }
    }

    // When they run with 2 retries
    let records = try await TestSession(runner: runner, retries: 2).run(
      ["T.A/broken", "T.A/flaky", "T.A/fine"])

    // Then the flaky test passed on its second attempt, the broken one failed all three, each
    // retry ran alone
    #expect(records.map(\.outcome) == [.failed, .flaky, .passed])
    #expect(records.map(\.runs) == [3, 2, 1])
    #expect(records.map(\.failures) == [3, 1, 0])
    #expect(records.map(\.failedARepetition) == [true, false, false])
    #expect(
      runner.batches.value == [
        ["T.A/broken", "T.A/flaky", "T.A/fine"], ["T.A/broken"], ["T.A/broken"], ["T.A/flaky"],
      ])
  }

  @Test func repeatsCountEachTestsFailures() async throws {
    // Given a test that fails on its second run only
    let runner = SimulatedRunner { test, attempt in test == "T.A/b" && attempt == 2 ? .fail : .pass
    }

    // When the selection runs 3 times
    let records = try await TestSession(runner: runner, repetitions: 3).run(["T.A/a", "T.A/b"])

    // Then it ran 3 times and failed once: flaky, and a repetition failed
    #expect(records.map(\.runs) == [3, 3])
    #expect(records.map(\.failures) == [0, 1])
    #expect(records.map(\.outcome) == [.passed, .flaky])
    #expect(records.map(\.failedARepetition) == [false, true])
  }

  @Test func aCrashIsPinnedOnItsTestAndTheTestsAfterItStillRun() async throws {
    // Given a test that crashes its process, in the middle of the selection
    let runner = SimulatedRunner { test, _ in test == "T.A/c" ? .crash : .pass }

    // When they run
    let records = try await TestSession(runner: runner).run(["T.A/a", "T.A/b", "T.A/c", "T.A/d"])

    // Then the crashed test failed with the signal, and the one after it ran in a second batch
    #expect(records.map(\.outcome) == [.passed, .passed, .failed, .passed])
    #expect(
      records[2].attempts.first?.result.failure
        == "crashed: its test process died of signal 11 (SIGSEGV)")
    #expect(runner.batches.value == [["T.A/a", "T.A/b", "T.A/c", "T.A/d"], ["T.A/d"]])
  }

  @Test func aCrashWhoseTestIsNotNamedIsPinnedByHalving() async throws {
    // Given a crash whose output does not say which test it was in
    var runner = SimulatedRunner { test, _ in test == "T.A/c" ? .crash : .pass }
    runner.namesCrashedTest = false

    // When they run
    let records = try await TestSession(runner: runner).run(["T.A/a", "T.A/b", "T.A/c", "T.A/d"])

    // Then the tests left are run in halves until the crash is pinned on one
    #expect(records.map(\.outcome) == [.passed, .passed, .failed, .passed])
    #expect(runner.batches.value == [["T.A/a", "T.A/b", "T.A/c", "T.A/d"], ["T.A/c"], ["T.A/d"]])
  }

  @Test func aHungTestTimesOutAndTheTestsItsProcessHadNotRunRunOnceMore() async throws {
    // Given a test that hangs in the middle of the selection
    let runner = SimulatedRunner { test, _ in test == "T.A/b" ? .hang : .pass }

    // When they run
    let records = try await TestSession(runner: runner).run(["T.A/a", "T.A/b", "T.A/c", "T.A/d"])

    // Then it timed out, and the tests after it ran once, together, and passed
    #expect(records.map(\.outcome) == [.passed, .timedOut, .passed, .passed])
    #expect(records.map(\.runs) == [1, 1, 1, 1])
    #expect(records[1].attempts.first?.result.failure == "timed out after 5 seconds")
    #expect(runner.batches.value == [["T.A/a", "T.A/b", "T.A/c", "T.A/d"], ["T.A/c", "T.A/d"]])
  }

  @Test func aTimedOutTestIsRetriedAndTimedOutThenPassedIsFlaky() async throws {
    // Given a test that hangs on its first attempt only, and one that always hangs
    let runner = SimulatedRunner { test, attempt in
      switch test {
      case "T.A/once": attempt == 1 ? .hang : .pass
      case "T.A/always": .hang
      default: .pass
      }
    }

    // When they run with 1 retry
    let records = try await TestSession(runner: runner, retries: 1).run(["T.A/always", "T.A/once"])

    // Then the first is flaky, the second timed out in both attempts
    #expect(records.map(\.outcome) == [.timedOut, .flaky])
    #expect(records.map(\.failures) == [2, 1])
    #expect(records.map(\.failedARepetition) == [true, false])
  }

  @Test func aSkippedTestIsSkippedAndNotRetried() async throws {
    let runner = SimulatedRunner { _, _ in .skip }

    let records = try await TestSession(runner: runner, retries: 3).run(["T.A/a"])

    #expect(records.map(\.outcome) == [.skipped])
    #expect(runner.batches.value.count == 1)
  }

  @Test func anEmptyShardRunsNothing() async throws {
    let runner = SimulatedRunner { _, _ in .pass }

    let records = try await TestSession(runner: runner).run([])

    #expect(records.isEmpty)
    #expect(runner.batches.value.isEmpty)
  }
}
