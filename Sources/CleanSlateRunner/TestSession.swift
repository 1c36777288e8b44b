package import CleanSlateTestProcess

/// Runs a selection of tests as `cleanslate test` does: `repetitions` times, each failed test
/// run again alone up to `retries` times, and every crash of a test process kept and held
/// against the test it happened in, while the other tests still get their results.
///
/// When a test process crashes, the crash is pinned on a test from the evidence
/// (``TestCrash/evidence``): a frame of the crashed thread that names a running test, the only
/// test running, the only test the process ran. The tests without a result run again. When
/// nothing pins it, the tests left run again in halves, until the crash comes back pinned on one
/// of the tests that were running (``RunCrash/Verdict/crashedAgain(_:)``) or does not come back:
/// then each test that was running has the crash as a failed attempt before its next one
/// (``RunCrash/Verdict/notReproduced(_:)``), so that crashed, then passed, is flaky, never
/// passed. A test that passed its time limit has timed out, and its process was ended: the tests
/// it had not run are run again, once.
package struct TestSession<Runner: TestBatchRunner>: Sendable {
  /// What happened, as it happens: a retry and how it ended.
  package enum Event: Sendable, Equatable {
    /// Repetition `number` of `count` starts.
    case repetition(number: Int, of: Int)
    /// `test` ran again alone (`attempt` counts every run of it in this repetition).
    case retried(test: String, attempt: Int, outcome: TestResult.Outcome)
  }

  /// What runs the tests.
  package let runner: Runner
  /// How many times a failed test is run again alone.
  package var retries = 0
  /// How many times the selection runs.
  package var repetitions = 1
  /// Called as the session goes.
  package var progress: @Sendable (Event) -> Void = { _ in }

  /// A session that runs tests with `runner`.
  package init(runner: Runner, retries: Int = 0, repetitions: Int = 1) {
    self.runner = runner
    self.retries = max(0, retries)
    self.repetitions = max(1, repetitions)
  }

  /// Runs `tests` and returns each one's record, in the order given, and every crash.
  package func run(_ tests: [String]) async throws -> TestRun {
    var run = TestRun(records: tests.map { TestRecord(name: $0) })
    for repetition in 1...repetitions {
      if repetitions > 1 { progress(.repetition(number: repetition, of: repetitions)) }
      let ran = try await attempts(of: tests, repetition: repetition)
      run.crashes += ran.crashes
      for index in run.records.indices {
        let name = run.records[index].name
        guard var last = ran.attempts[name]?.last else { continue }
        run.records[index].attempts += ran.attempts[name] ?? []
        var retried = 0
        while last.result.outcome.isFailure, retried < retries {
          retried += 1
          let again = try await attempts(of: [name], repetition: repetition)
          run.crashes += again.crashes
          guard let more = again.attempts[name], let end = more.last else { break }
          run.records[index].attempts += more
          last = end
          let attempt = run.records[index].attempts.count { $0.repetition == repetition }
          progress(.retried(test: name, attempt: attempt, outcome: last.result.outcome))
        }
      }
    }
    return run
  }
}
