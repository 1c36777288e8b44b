package import CleanSlateTestProcess

/// Runs a selection of tests as `cleanslate test` does: `repetitions` times, each failed test
/// run again alone up to `retries` times, and a crash of `swift test` pinned on the test it was
/// in while the other tests still get their results.
///
/// When a test process dies, the test it was running is failed with the signal (XCTest prints
/// which test started and never ended); the tests that did not run are run again. When the
/// output does not say which test it was (Swift Testing), the tests left are run again in halves
/// until the crash is pinned on one test. A test that passed its time limit has timed out, and
/// its process was ended: the tests it had not run are run again, once.
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

  /// Runs `tests` and returns each one's record, in the order given.
  package func run(_ tests: [String]) async throws -> [TestRecord] {
    var records = tests.map { TestRecord(name: $0) }
    for repetition in 1...repetitions {
      if repetitions > 1 { progress(.repetition(number: repetition, of: repetitions)) }
      let ended = try await results(of: tests)
      for index in records.indices {
        guard var result = ended[records[index].name] else { continue }
        records[index].attempts.append(.init(repetition: repetition, result: result))
        var attempt = 1
        while result.outcome.isFailure, attempt <= retries {
          attempt += 1
          let name = records[index].name
          result = try await results(of: [name])[name] ?? result
          records[index].attempts.append(.init(repetition: repetition, result: result))
          progress(.retried(test: name, attempt: attempt, outcome: result.outcome))
        }
      }
    }
    return records
  }

  /// How each of `tests` ended in one run of them, crashes pinned on the test they were in.
  func results(of tests: [String]) async throws -> [String: TestResult] {
    var results: [String: TestResult] = [:]
    var pending = [tests]
    while !pending.isEmpty {
      let batch = pending.removeFirst()
      guard !batch.isEmpty else { continue }
      let outcome = try await runner.run(batch)
      var missing: [String] = []
      for test in batch {
        if let result = outcome.results[test] {
          results[test] = result
        } else {
          missing.append(test)
        }
      }
      guard !missing.isEmpty else { continue }
      if outcome.endedAHungTest, missing.count < batch.count {
        // The hung test's process was ended: the tests it had not run yet run again.
        pending.insert(missing, at: 0)
      } else if let culprit = outcome.diedIn, missing.contains(culprit) {
        results[culprit] = TestResult(.failed, failure: outcome.whyUnfinished)
        missing.removeAll { $0 == culprit }
        if !missing.isEmpty { pending.insert(missing, at: 0) }
      } else if outcome.signal != nil, missing.count > 1 {
        // Which test crashed is unknown: run the tests left in halves until one is pinned.
        let half = missing.count / 2
        pending.insert(contentsOf: [Array(missing[..<half]), Array(missing[half...])], at: 0)
      } else {
        for test in missing { results[test] = TestResult(.failed, failure: outcome.whyUnfinished) }
      }
    }
    return results
  }
}
