package import CleanSlateRunner
import Foundation

extension SessionHistory {
  /// The latest session the store recorded on this session's branch (on any branch when the
  /// branch is not known), as `--last-failed` reads it: each test with a failed attempt in it.
  /// Its time is when it started. `nil` without a store, or when it recorded none that ran a test; a store that cannot be read costs a note,
  /// and the session goes on as it would without one.
  ///
  /// A sharded CI session is recorded as one session a shard: the latest is one shard's.
  package func lastSession(events: SessionEvents) async -> LastSession? {
    guard let store else { return nil }
    do {
      let history = try await store.history(HistoryWindow(branch: recorder?.source.branch))
      // (a session that ran no test, as a --last-failed with nothing to run, is not one)
      let ran = history.sessions.indices.filter { history.sessions[$0].testCount > 0 }
      guard
        let latest = ran.max(by: { history.sessions[$0].started < history.sessions[$1].started })
      else { return nil }
      let results = history.results.filter { $0.session == Int32(latest) }
      let failed = results.filter { $0.failures > 0 }.map { history.tests[Int($0.test)] }
      return LastSession(
        ended: history.sessions[latest].started, ran: results.count, failed: failed.sorted())
    } catch {
      events.send(
        .note(
          "note: the store of runs could not give its last session for --last-failed: \(Self.sentence(error))"
        ))
      return nil
    }
  }
}
