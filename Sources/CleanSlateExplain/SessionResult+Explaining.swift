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
}
