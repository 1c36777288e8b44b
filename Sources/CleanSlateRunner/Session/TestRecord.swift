package import CleanSlate
package import CleanSlateTestProcess

/// A test's verdict over a session's attempts of it.
package enum Verdict: String, Sendable, Equatable, CaseIterable {
  /// Every attempt that ran passed.
  case passed
  /// A repetition ended with it failed: it failed in every attempt of that repetition.
  case failed
  /// It failed, and passed in a later attempt of the same repetition, in every repetition it
  /// failed in.
  case flaky
  /// Every attempt was skipped.
  case skipped
  /// A repetition ended with it timed out (its last attempt there ran past its time limit and was
  /// ended), and none ended with it failed.
  case timedOut
}

/// What happened to one test in a session: every attempt, in order, and the verdict they add up
/// to.
///
/// Each repetition of the selection (`--repeat`) is a run of its own, as a plain `swift test`
/// would have been: its verdict comes from its attempts (the test's first launch, and its
/// retries), and the test's verdict is the worst of its repetitions'. A test that failed in one
/// repetition failed, even when it passed in the others; it is flaky when a retry turned each of
/// its failures into a pass.
package struct TestRecord: Sendable, Equatable {
  /// One launch of the test in the session.
  package struct Attempt: Sendable, Equatable {
    /// Which repetition of the selection it belongs to, from 1.
    package var repetition: Int
    /// How the test ended. A crash of its process while it ran is held against it here when the
    /// session pins the crash on it, or on none and it is one the crash could have been.
    package var end: TestEnd
    /// How the launch ran it: alone (a retry, a crash's half), or with other tests of the
    /// selection (at once, or one after the other, as the arguments after `--` say).
    package var alone: Bool
    /// The tests that ran at the same time as it, when the launch's trace, or its process's
    /// crash, says.
    package var beside: [TestName]

    /// Whether it was one of the runs that check a new test before it merges: the test passed in
    /// the session, and runs again (``TestSession`` leaves these to the store of runs).
    package var check: Bool
    /// The run seed (`CLEANSLATE_SEED`) of the test process it ran in, when the launch's
    /// lifecycle trace names it (a test that uses CleanSlate's fixtures writes it).
    package var seed: String?

    /// An attempt of `repetition` that ended as `end`.
    package init(
      repetition: Int, end: TestEnd, alone: Bool = false, beside: [TestName] = [],
      check: Bool = false, seed: String? = nil
    ) {
      self.repetition = repetition
      self.end = end
      self.alone = alone
      self.beside = beside
      self.check = check
      self.seed = seed
    }

    /// Whether its test process crashed while it ran.
    package var crashed: Bool { end.outcome == .crashed }
  }

  /// The test.
  package let name: TestName
  /// Its attempts, in the order they ran.
  package var attempts: [Attempt] = []

  /// A test that has run `attempts` (none yet, by default).
  package init(name: TestName, attempts: [Attempt] = []) {
    self.name = name
    self.attempts = attempts
  }

  /// How many times it ran.
  package var runs: Int { attempts.count }
  /// How many of its runs failed (timed-out and crashed runs included).
  package var failures: Int { attempts.count(where: \.end.isFailure) }
  /// How many of its runs were in a test process that crashed while it ran.
  package var crashes: Int { attempts.count(where: \.crashed) }

  /// The verdict of each repetition it ran in, in order (``verdict(of:)``).
  package var repetitionVerdicts: [Verdict] {
    Dictionary(grouping: attempts, by: \.repetition).sorted { $0.key < $1.key }
      .map { Self.verdict(of: $0.value) }
  }

  /// The verdict: skipped when every repetition was; when a repetition ended with it failed or
  /// timed out, timed out if every such repetition did, else failed; flaky when a repetition
  /// was; else passed.
  package var verdict: Verdict {
    let verdicts = repetitionVerdicts
    if verdicts.allSatisfy({ $0 == .skipped }) { return .skipped }
    let failing = verdicts.filter { $0 == .failed || $0 == .timedOut }
    if !failing.isEmpty { return failing.allSatisfy { $0 == .timedOut } ? .timedOut : .failed }
    return verdicts.contains(.flaky) ? .flaky : .passed
  }

  /// The verdict of one repetition's `attempts`: skipped when every attempt was; when every
  /// attempt that ran failed, timed out if the last one did, else failed; flaky when one failed
  /// and a later one passed; else passed.
  package static func verdict(of attempts: [Attempt]) -> Verdict {
    let ran = attempts.filter { $0.end.outcome != .skipped }
    if ran.isEmpty { return .skipped }
    if ran.allSatisfy(\.end.isFailure) {
      return ran.last?.end.outcome == .timedOut ? .timedOut : .failed
    }
    return ran.contains(where: \.end.isFailure) ? .flaky : .passed
  }

  /// The mean duration of its attempts that say how long they took, in seconds; 0 if none does.
  package var seconds: Double {
    let known = attempts.compactMap(\.end.seconds)
    return known.isEmpty ? 0 : known.reduce(0, +) / Double(known.count)
  }
}
