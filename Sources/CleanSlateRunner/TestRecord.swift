package import CleanSlateReport
package import CleanSlateTestProcess

/// What happened to one test in a `cleanslate test` run: every attempt, in order, and the
/// verdict they add up to.
package struct TestRecord: Sendable, Equatable {
  /// A test's verdict over all its attempts.
  package enum Outcome: String, Sendable, Equatable, CaseIterable {
    /// Every attempt that ran passed.
    case passed
    /// It failed in every attempt of a repetition (in every attempt, without `--repeat`).
    case failed
    /// It failed, and passed in another attempt.
    case flaky
    /// Every attempt was skipped.
    case skipped
    /// It never passed, and its last attempt ran past its time limit and was ended.
    case timedOut
  }

  /// One run of the test.
  package struct Attempt: Sendable, Equatable {
    /// Which repetition of the selection it belongs to, from 1.
    package var repetition: Int
    /// How it ended.
    package var result: TestResult

    /// An attempt of `repetition` that ended with `result`.
    package init(repetition: Int, result: TestResult) {
      self.repetition = repetition
      self.result = result
    }
  }

  /// The test's name, as `swift test list` prints it.
  package let name: String
  /// Its attempts, in the order they ran.
  package var attempts: [Attempt] = []
  /// Why it failed, as `--explain` decided it; `nil` for a test that never failed, or when not
  /// asked.
  package var cause: TestCause?

  /// A test that has not run yet.
  package init(name: String, attempts: [Attempt] = [], cause: TestCause? = nil) {
    self.name = name
    self.attempts = attempts
    self.cause = cause
  }

  /// How many times it ran.
  package var runs: Int { attempts.count }
  /// How many of its runs failed (timed-out runs included).
  package var failures: Int { attempts.count(where: \.result.outcome.isFailure) }

  /// Whether some repetition of the selection ended with this test failed: its last attempt in
  /// that repetition failed.
  package var failedARepetition: Bool {
    var last: [Int: TestResult.Outcome] = [:]
    for attempt in attempts { last[attempt.repetition] = attempt.result.outcome }
    return last.values.contains(where: \.isFailure)
  }

  /// The verdict: skipped when every attempt was; when every attempt that ran failed, timed out
  /// if the last one did, else failed; flaky when it failed (or timed out) and passed; else
  /// passed.
  package var outcome: Outcome {
    let ran = attempts.filter { $0.result.outcome != .skipped }
    if ran.isEmpty { return .skipped }
    if ran.allSatisfy(\.result.outcome.isFailure) {
      return ran.last?.result.outcome == .timedOut ? .timedOut : .failed
    }
    return failures > 0 ? .flaky : .passed
  }

  /// The mean duration of its attempts that say how long they took, in seconds; 0 if none does.
  package var seconds: Double {
    let known = attempts.compactMap(\.result.seconds)
    return known.isEmpty ? 0 : known.reduce(0, +) / Double(known.count)
  }
}
