package import CleanSlateReport
package import CleanSlateTestProcess

/// What happened to one test in a `cleanslate test` run: every attempt, in order, and the
/// verdict they add up to.
///
/// Each repetition of the selection (`--repeat`) is a run of its own, as a plain `swift test`
/// would have been: its verdict comes from its attempts (the test's first run, and its retries),
/// and the test's verdict is the worst of its repetitions'. A test that failed in one repetition
/// failed, even when it passed in the others; it is flaky when a retry turned each of its
/// failures into a pass.
package struct TestRecord: Sendable, Equatable {
  /// A test's verdict over all its attempts.
  package enum Outcome: String, Sendable, Equatable, CaseIterable {
    /// Every attempt that ran passed.
    case passed
    /// A repetition ended with it failed: it failed in every attempt of that repetition.
    case failed
    /// It failed, and passed in a later attempt of the same repetition, in every repetition it
    /// failed in.
    case flaky
    /// Every attempt was skipped.
    case skipped
    /// A repetition ended with it timed out (its last attempt there ran past its time limit and
    /// was ended), and none ended with it failed.
    case timedOut
  }

  /// One run of the test.
  package struct Attempt: Sendable, Equatable {
    /// Which repetition of the selection it belongs to, from 1.
    package var repetition: Int
    /// How it ended.
    package var result: TestResult
    /// The crash of the test process it ran in, when that process crashed while the test ran:
    /// the crash is pinned on this test, or on none, and this test is one it could have been.
    /// Its result then failed.
    package var crash: TestCrash?

    /// An attempt of `repetition` that ended with `result`, in a process that crashed with
    /// `crash`, if it did.
    package init(repetition: Int, result: TestResult, crash: TestCrash? = nil) {
      self.repetition = repetition
      self.result = result
      self.crash = crash
    }

    /// How it ended, in one word: `crashed`, or its result's outcome (`failed`, `passed`, …).
    package var outcomeWord: String { crash == nil ? result.outcome.rawValue : "crashed" }
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
  /// How many of its runs failed (timed-out and crashed runs included).
  package var failures: Int { attempts.count(where: \.result.outcome.isFailure) }
  /// How many of its runs were in a test process that crashed while it ran.
  package var crashes: Int { attempts.count(where: { $0.crash != nil }) }

  /// The verdict of each repetition it ran in, in order (``verdict(of:)``).
  package var repetitionVerdicts: [Outcome] {
    Dictionary(grouping: attempts, by: \.repetition).sorted { $0.key < $1.key }
      .map { Self.verdict(of: $0.value) }
  }

  /// The verdict: skipped when every repetition was; when a repetition ended with it failed or
  /// timed out, timed out if every such repetition did, else failed; flaky when a repetition
  /// was; else passed.
  package var outcome: Outcome {
    let verdicts = repetitionVerdicts
    if verdicts.allSatisfy({ $0 == .skipped }) { return .skipped }
    let failing = verdicts.filter { $0 == .failed || $0 == .timedOut }
    if !failing.isEmpty { return failing.allSatisfy { $0 == .timedOut } ? .timedOut : .failed }
    return verdicts.contains(.flaky) ? .flaky : .passed
  }

  /// The verdict of one repetition's `attempts`: skipped when every attempt was; when every
  /// attempt that ran failed, timed out if the last one did, else failed; flaky when one failed
  /// and a later one passed; else passed.
  package static func verdict(of attempts: [Attempt]) -> Outcome {
    let ran = attempts.filter { $0.result.outcome != .skipped }
    if ran.isEmpty { return .skipped }
    if ran.allSatisfy(\.result.outcome.isFailure) {
      return ran.last?.result.outcome == .timedOut ? .timedOut : .failed
    }
    return ran.contains(where: \.result.outcome.isFailure) ? .flaky : .passed
  }

  /// The mean duration of its attempts that say how long they took, in seconds; 0 if none does.
  package var seconds: Double {
    let known = attempts.compactMap(\.result.seconds)
    return known.isEmpty ? 0 : known.reduce(0, +) / Double(known.count)
  }
}
