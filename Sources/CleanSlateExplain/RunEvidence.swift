package import CleanSlate
package import CleanSlateRunner
package import CleanSlateTestProcess

/// What the run being explained already saw of a test: each attempt — with other tests or
/// alone, how it ended, which tests ran beside it — and how the run ran its tests. The
/// experiments start from it: where it failed says which factor to try first, how often says how
/// many runs an experiment needs, the tests beside its failures narrow the groups it runs.
package struct RunEvidence: Sendable {
  /// The test's attempts in the run, in order.
  package var attempts: [TestRecord.Attempt]
  /// The tests of its test process in the run (it among them), in the order they ran.
  package var together: [TestName]
  /// The tests of its process that ran before it.
  package var earlier: [TestName]
  /// Whether the run ran the tests of its process at the same time.
  package var ranAtOnce: Bool
  /// Whether tests that run at once beside it run each in a test process of its own (XCTest's
  /// under `--parallel`), not in one process with it.
  package var processesOfTheirOwn: Bool
  /// How long each test of its process took in the run, in seconds, when known: what a run of a
  /// group of them costs.
  package var durations: [TestName: Double] = [:]

  /// The evidence of `attempts`, of a test run with `together` (it among them).
  package init(
    attempts: [TestRecord.Attempt], of test: TestName, together: [TestName], ranAtOnce: Bool,
    processesOfTheirOwn: Bool = false
  ) {
    self.attempts = attempts
    self.together = together
    earlier = Array(together.prefix { $0 != test })
    self.ranAtOnce = ranAtOnce
    self.processesOfTheirOwn = processesOfTheirOwn
  }

  /// How often it failed in the run.
  package var rate: TestCause.Rate {
    TestCause.Rate(failures: attempts.count(where: \.end.isFailure), runs: attempts.count)
  }

  /// How often it failed in the run's attempts alone: its retries, or every attempt when its
  /// process ran no other test.
  package var aloneRate: TestCause.Rate {
    let alone = aloneAttempts
    return TestCause.Rate(failures: alone.count(where: \.end.isFailure), runs: alone.count)
  }

  /// Its attempts alone: its retries, or every attempt when its process ran no other test.
  package var aloneAttempts: [TestRecord.Attempt] { attempts.filter(isAlone) }

  /// How often it failed in the run's attempts with other tests.
  package var withOthersRate: TestCause.Rate {
    let others = attempts.filter { !isAlone($0) }
    return TestCause.Rate(failures: others.count(where: \.end.isFailure), runs: others.count)
  }

  /// Whether every failure of the run was with other tests, and it passed in at least two
  /// attempts alone (each a process of its own, hashing anew) and never failed in one.
  package var failedOnlyWithOthers: Bool {
    let alone = aloneRate
    return withOthersRate.failures > 0 && alone.failures == 0 && alone.runs >= 2
  }

  /// Whether `attempt` ran the test alone: a retry, or a run of its process with no other test.
  private func isAlone(_ attempt: TestRecord.Attempt) -> Bool {
    attempt.alone || together.count <= 1
  }

  /// Whether it failed in every attempt of the run.
  package var failedEveryTime: Bool {
    !attempts.isEmpty && attempts.allSatisfy(\.end.isFailure)
  }

  /// Whether every attempt of the run that failed timed out.
  package var hung: Bool {
    attempts.contains { $0.end.outcome == .timedOut }
      && attempts.allSatisfy { $0.end.outcome == .timedOut || !$0.end.isFailure }
  }

  /// The crashes of its test process while it ran, in order.
  package var crashes: [TestCrash] { attempts.compactMap(\.end.crash) }

  /// The tests that ran beside it when it failed, most often first: from the traces, and from
  /// the tests running when its process crashed.
  package var besideItsFailures: [TestName] {
    var counts: [TestName: Int] = [:]
    var order: [TestName] = []
    for attempt in attempts where attempt.end.isFailure {
      let beside = attempt.beside + (attempt.end.crash?.running ?? [])
      for test in Set(beside) where together.contains(test) {
        if counts[test] == nil { order.append(test) }
        counts[test, default: 0] += 1
      }
    }
    return order.enumerated().sorted {
      (counts[$0.element]!, -$0.offset) > (counts[$1.element]!, -$1.offset)
    }.map(\.element)
  }

  /// The distinct first failures of its attempts that failed a check: crashes and hangs, which
  /// compared nothing, aside.
  package var failureMessages: Set<String> {
    Set(attempts.filter { $0.end.outcome == .failed }.compactMap(\.end.failure))
  }

  /// The seconds one attempt of it took in the run, at most: what a run of it alone costs at
  /// least.
  package var slowestAttempt: Double? { attempts.compactMap(\.end.seconds).max() }

  /// The seconds one attempt of it took in the run, on average: what a run of it alone costs,
  /// its hangs (each at its time limit) counted as often as they came.
  package var meanAttempt: Double? {
    let seconds = attempts.compactMap(\.end.seconds)
    return seconds.isEmpty ? nil : seconds.reduce(0, +) / Double(seconds.count)
  }

  /// What a run of `tests` one at a time costs, as far as the run tells: their durations added.
  package func secondsInOrder(_ tests: [TestName]) -> Double {
    tests.reduce(0) { $0 + (durations[$1] ?? 0) }
  }
}
