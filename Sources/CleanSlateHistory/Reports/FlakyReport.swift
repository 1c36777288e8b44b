import CleanSlateExplain
import Foundation

/// What `cleanslate flaky` shows: the tests of a store's window ranked, each with its health and
/// the evidence behind it, the latest cause of each flaky test with its command, and the
/// quarantine's advice.
package struct FlakyReport: Sendable {
  /// The store, as messages name it.
  package var store: String
  /// The window's sessions.
  package var sessions: [StoredHistory.Session]
  /// Every test of the window, ranked (``FlakyRanking``).
  package var tests: [TestHistory]
  /// The quarantine's advice, when a file was given.
  package var advice: QuarantineAdvice?
  /// The quarantine file, when one was given.
  package var quarantineFile: String?
  /// Each test's outcome in each session of the window, for the HTML strips: by test name, one
  /// verdict (or `nil`: it did not run) a session.
  package var strips: [String: [StoredVerdict?]] = [:]

  /// The report of `history` read from `store`, ranked by `ranking`, with the advice for
  /// `quarantine` (and its path) when given, on `today`.
  package init(
    store: String, history: StoredHistory, ranking: FlakyRanking,
    quarantine: (file: QuarantineFile, path: String)? = nil, today: QuarantineDate
  ) {
    self.store = store
    sessions = history.sessions
    tests = ranking.rank(history)
    if let quarantine {
      advice = QuarantineAdvice(
        file: quarantine.file, ranked: tests, history: history, today: today)
      quarantineFile = quarantine.path
    }
    let shown = Set(tests.filter { $0.health != .healthy }.map(\.name))
    var index: [String: Int] = [:]
    for (number, name) in history.tests.enumerated() where shown.contains(name) {
      index[name] = number
      strips[name] = Array(repeating: nil, count: sessions.count)
    }
    let names = history.tests
    for result in history.results {
      let name = names[Int(result.test)]
      guard index[name] != nil else { continue }
      strips[name]?[Int(result.session)] = result.verdict
    }
  }

  /// How many distinct commits the window's sessions ran.
  package var commits: Int { Set(sessions.compactMap(\.source.commit)).count }

  /// The window in words: `200 sessions from 2026-10-30 to 2026-11-29 on 40 commits`.
  package var windowDescription: String {
    guard let first = sessions.first, let last = sessions.last else { return "no sessions" }
    let count = "\(sessions.count) session\(sessions.count == 1 ? "" : "s")"
    return
      "\(count) from \(QuarantineDate(first.started)) to \(QuarantineDate(last.started)) on \(commits) commit\(commits == 1 ? "" : "s")"
  }
}

extension StoredHistory.Cause {
  /// The cause's summary and command, read from its JSON.
  package var parts: (summary: String?, reproduce: String?) {
    guard let data = json.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return (nil, nil) }
    return (object["summary"] as? String, object["reproduce"] as? String)
  }

  /// Where the explanation of the test stands over the sessions it pooled, when it went on from
  /// earlier ones: `pending — parallel ahead: 3 of 241 runs at once failed, 0 of 241 in order,
  /// pooled over 2 sessions` while undecided, `decided over 3 sessions (722 runs)` once decided;
  /// `nil` for an explanation of one session.
  package var pooledStanding: String? {
    guard let data = json.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let cause = TestCause(json: object), let pooling = cause.pooling
    else { return nil }
    if !cause.kind.endsAPooledSequence {
      let progress =
        pooling.progress ?? "nothing ahead, pooled over \(PooledWords.sessions(pooling.sessions))"
      return "pending — \(progress); the next session that sees it fail goes on from here"
    }
    guard pooling.sessions > 1 else { return nil }
    return "decided over \(PooledWords.sessions(pooling.sessions)) (\(pooling.runs) runs)"
  }
}
