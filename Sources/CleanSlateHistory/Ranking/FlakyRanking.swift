import Foundation

/// Ranks the tests of a store's window by what their histories say: broken first, then flaky
/// (the strongest evidence first), quarantined, new, healthy.
///
/// Flaky means one version of the code saw the test both pass and fail: it failed and then passed
/// in one session, or one commit (of a clean tree: a tree with uncommitted changes is not the
/// commit) saw it pass in one session and fail in another. A test that fails in every run since a
/// commit is broken, not flaky, and names that commit. Sessions in which most tests failed at
/// once (``massFailure``: a machine out of disk, a server down) are not evidence of any one test's
/// flakiness: retried, every test of such a session would look flaky.
package struct FlakyRanking: Sendable {
  /// A session is a mass failure when at least this share of its tests failed…
  package var massFailureShare = 0.5
  /// …and at least this many.
  package var massFailureMinimum = 10
  /// The tests a quarantine file names now: quarantined, whatever their latest session said.
  package var quarantined: Set<String>?

  package init() {}

  /// Whether `session` is one in which most tests failed at once.
  package func massFailure(_ session: StoredHistory.Session) -> Bool {
    session.failedCount >= massFailureMinimum
      && Double(session.failedCount) >= massFailureShare * Double(session.testCount)
  }

  /// Every test of `history` with what its history says, ranked.
  package func rank(_ history: StoredHistory) -> [TestHistory] {
    let sessions = history.sessions
    let mass = sessions.map(massFailure)
    // Each clean commit as a number, each session's (-1: dirty, or no commit).
    var commitNumbers: [String: Int32] = [:]
    let commits: [Int32] = sessions.map { session in
      guard let commit = session.source.commit, !session.source.dirty else { return -1 }
      if let known = commitNumbers[commit] { return known }
      let number = Int32(commitNumbers.count)
      commitNumbers[commit] = number
      return number
    }
    // The results of each test in session order: counted, then placed (no sort of a million).
    var starts = Array(repeating: 0, count: history.tests.count + 1)
    for result in history.results { starts[Int(result.test) + 1] += 1 }
    for index in history.tests.indices { starts[index + 1] += starts[index] }
    var placed = starts
    var ordered = Array(
      repeating: StoredHistory.Result(session: 0, test: 0, verdict: .skipped, runs: 0, failures: 0),
      count: history.results.count)
    for result in history.results {
      ordered[placed[Int(result.test)]] = result
      placed[Int(result.test)] += 1
    }
    var ranked: [TestHistory] = []
    ranked.reserveCapacity(history.tests.count)
    for (test, name) in history.tests.enumerated() {
      let slice = ordered[starts[test]..<starts[test + 1]]
      guard !slice.isEmpty else { continue }
      // Sorting a test's results, already in order as a store reads them, costs a pass.
      let results = ArraySlice(slice.sorted { $0.session < $1.session })
      ranked.append(
        summarize(
          name, results, sessions: sessions, mass: mass, commits: commits,
          cause: history.latestCauses[Int32(test)]))
    }
    return ranked.sorted { lhs, rhs in
      if lhs.health != rhs.health { return lhs.health < rhs.health }
      if lhs.health == .broken, let left = lhs.brokenSince, let right = rhs.brokenSince,
        left.date != right.date
      {
        return left.date > right.date
      }
      if lhs.score != rhs.score { return lhs.score > rhs.score }
      return lhs.name < rhs.name
    }
  }

  /// One test's history from its `results`, oldest first.
  private func summarize(
    _ name: String, _ results: ArraySlice<StoredHistory.Result>,
    sessions: [StoredHistory.Session], mass: [Bool], commits: [Int32],
    cause: StoredHistory.Cause?
  ) -> TestHistory {
    var ran = 0
    var runs = 0
    var failures = 0
    var failedSessions = 0
    var flakySessions = 0
    var flakySince: Date?
    // Each clean commit's outcomes: 1 a pass seen, 2 a failure seen.
    var seen: [Int32: UInt8] = [:]
    var flips = 0
    var comparable = 0
    var lastFailed: Bool?
    var lastPass: Int?
    var first: Date?
    var last = Date.distantPast
    var latestQuarantined = false
    for result in results where result.verdict != .skipped {
      let session = Int(result.session)
      ran += 1
      runs += Int(result.runs)
      failures += Int(result.failures)
      first = first ?? sessions[session].started
      last = sessions[session].started
      latestQuarantined = result.quarantined
      let failed = result.verdict.isFailure || result.verdict == .flaky
      let passed = result.verdict == .passed || result.verdict == .flaky
      if result.verdict.isFailure { failedSessions += 1 }
      let clean = !sessions[session].source.dirty
      if passed, clean { lastPass = session }
      guard !mass[session] else { continue }
      if result.verdict == .flaky {
        flakySessions += 1
        flakySince = flakySince ?? sessions[session].started
      }
      // A tree with uncommitted changes is not its commit: its failures are the changes'.
      guard clean else { continue }
      let commit = commits[session]
      if commit >= 0 {
        let before = seen[commit, default: 0]
        let now = before | (passed ? 1 : 0) | (failed ? 2 : 0)
        seen[commit] = now
        if now == 3, before != 3 { flakySince = flakySince ?? sessions[session].started }
      }
      if let lastFailed, lastFailed != failed { flips += 1 }
      if lastFailed != nil { comparable += 1 }
      lastFailed = failed
    }
    let mixedCommits = seen.values.count { $0 == 3 }
    var history = TestHistory(
      name: name, health: .healthy, sessions: ran,
      rate: FailureRate(failures: failures, runs: runs), failedSessions: failedSessions,
      flakySessions: flakySessions, mixedCommits: mixedCommits,
      flipRate: comparable == 0 ? 0 : Double(flips) / Double(comparable),
      firstSeen: first ?? .distantPast, lastSeen: last, flakySince: flakySince,
      brokenSince: nil, quarantined: quarantined?.contains(name) ?? latestQuarantined,
      cause: cause)
    history.brokenSince = brokenSince(results, after: lastPass, sessions: sessions, mass: mass)
    if history.brokenSince != nil {
      history.health = .broken
    } else if flakySessions > 0 || mixedCommits > 0 {
      history.health = history.quarantined ? .quarantined : .flaky
    } else if history.quarantined {
      history.health = .quarantined
    } else if ran < TestHistory.newSessions, failures == 0 {
      history.health = .new
    }
    return history
  }

  /// When a test that has failed in every run since its last pass started failing: the first
  /// session after that pass, when its failures there add up to two runs or more and are not all
  /// in sessions where most tests failed at once; else `nil`. Only sessions of clean trees count:
  /// a tree with uncommitted changes is not the code of any commit.
  private func brokenSince(
    _ results: ArraySlice<StoredHistory.Result>, after lastPass: Int?,
    sessions: [StoredHistory.Session], mass: [Bool]
  ) -> (commit: String?, date: Date)? {
    let tail = results.filter { result in
      result.verdict != .skipped && !sessions[Int(result.session)].source.dirty
        && lastPass.map { Int(result.session) > $0 } ?? true
    }
    guard let start = tail.first, tail.allSatisfy(\.verdict.isFailure),
      tail.reduce(0, { $0 + Int($1.failures) }) >= 2,
      tail.contains(where: { !mass[Int($0.session)] })
    else { return nil }
    let session = sessions[Int(start.session)]
    return (session.source.commit, session.started)
  }
}
