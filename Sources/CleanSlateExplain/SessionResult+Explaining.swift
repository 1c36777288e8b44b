package import CleanSlate
package import CleanSlateReport
package import CleanSlateRunner
import CleanSlateTestProcess

extension SessionResult {
  /// The records `--explain` explains, by index: each test that failed on its own at least once —
  /// a failure, a time limit, a crash pinned on it — and, for each crash of a test process pinned
  /// on none, the first of the tests it could have been, when none of them is explained already.
  ///
  /// A crash while many tests ran is each of them's failed attempt (crashed, then passed, is
  /// flaky), but it is one crash: it is explained once, not once for every test that was running.
  package var explained: [Int] {
    var chosen: [Int] = []
    for (index, record) in records.enumerated() {
      let own = record.attempts.contains { attempt in
        guard attempt.end.isFailure else { return false }
        guard let crash = attempt.end.crash else { return true }
        return crash.test == record.name
      }
      if own { chosen.append(index) }
    }
    for crash in crashes {
      guard case .notReproduced(let tests) = crash.verdict else { continue }
      let indices = tests.compactMap { test in records.firstIndex { $0.name == test } }
      guard !indices.contains(where: chosen.contains), let first = indices.first else { continue }
      chosen.append(first)
    }
    return chosen.sorted()
  }

  /// `indices` (from ``explained``) in groups explained as one: the tests whose crashes went
  /// through the same frames of the code under test (``CrashPaths``) — one race that crashed the
  /// process in different tests — together, the first of each group first; every other test a
  /// group of its own.
  ///
  /// A crash's experiments cost a group of tests a run, and the group's crash is the same whichever
  /// of them it pinned: one explanation with their budgets together decides where each alone
  /// could not.
  package func explainedTogether(_ indices: [Int], tests: [TestName]) -> [[Int]] {
    func crashes(_ index: Int) -> [TestCrash] {
      records[index].attempts.compactMap(\.end.crash).filter { $0.backtrace != nil }
    }
    var groups: [[Int]] = []
    for index in indices {
      let own = crashes(index)
      let joined =
        own.isEmpty
        ? nil
        : groups.firstIndex { group in
          let first = crashes(group[0])
          return !first.isEmpty && !CrashPaths.shared(by: first + own, tests: tests).isEmpty
        }
      if let joined { groups[joined].append(index) } else { groups.append([index]) }
    }
    return groups
  }
}

extension TestCause {
  /// This cause, for a test whose crash went through the same code as `test`'s, which it was
  /// decided for: the same kind, evidence and command, said to be that crash's.
  package func sameCrash(as test: TestName) -> TestCause {
    var cause = self
    cause.summary =
      "Its process crashed through the same code as \(test.listed)'s, explained once for both: \(summary)"
    return cause
  }
}
