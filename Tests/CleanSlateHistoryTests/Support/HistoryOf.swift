import CleanSlateHistory

extension StoredHistory {
  /// The history a store would read back after recording `sessions`, in their order.
  init(of sessions: [StoredSession]) {
    self.init()
    var tests: [String: Int32] = [:]
    for (index, session) in sessions.enumerated() {
      self.sessions.append(
        Session(
          id: session.id, started: session.started, source: session.source,
          machine: session.machine, shard: session.shard, testCount: session.results.count,
          failedCount: session.failedTests))
      for result in session.results {
        let test =
          tests[result.test]
          ?? {
            let number = Int32(self.tests.count)
            self.tests.append(result.test)
            tests[result.test] = number
            return number
          }()
        results.append(
          Result(
            session: Int32(index), test: test,
            verdict: StoredVerdict(word: result.verdict) ?? .skipped, runs: Int32(result.runs),
            failures: Int32(result.failures), quarantined: result.quarantined))
        if let kind = result.causeKind {
          latestCauses[test] = Cause(kind: kind, json: result.cause ?? "{}", session: Int32(index))
        }
      }
    }
  }
}
