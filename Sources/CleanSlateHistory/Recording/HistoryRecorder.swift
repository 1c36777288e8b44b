import CleanSlate
package import CleanSlateRunner
package import Foundation

/// The store of runs as one more listener of a session's events: it hears the session as every
/// report does, and records it — every test's result, attempts and cause — once the session is
/// over and its exit status known.
///
/// Recording never changes a result: a store that cannot be written costs one line on standard
/// error.
package final class HistoryRecorder: SessionReporter {
  private let store: any RunStore
  private let started: Date
  /// The commit and branch the session is recorded with.
  package let source: SourceVersion
  private let machine: String
  private let command: String
  private let heard = Locked(HeardSession())

  /// A recorder into `store` of a session that started at `started`, on `source`, on `machine`,
  /// run by `command`.
  package init(
    store: any RunStore, started: Date, source: SourceVersion, machine: String, command: String
  ) {
    self.store = store
    self.started = started
    self.source = source
    self.machine = machine
    self.command = command
  }

  package func receive(_ event: SessionEvent) throws(RunnerError) {
    heard.withLock { $0.hear(event) }
  }

  /// The session as the store keeps it, once it is over; `nil` before.
  package func storedSession(exitStatus: Int32, ended: Date = Date()) -> StoredSession? {
    guard let session = heard.withLock({ $0.finished ? $0.session : nil }) else { return nil }
    return StoredSession(
      started: started, ended: ended, source: source, machine: machine,
      shard: session.shard.map { "\($0)" }, command: command, exitStatus: exitStatus,
      results: session.result.records.map { StoredResult($0, in: session) })
  }

  /// Records the session, once it is over, with `exitStatus`; the line to print when the store
  /// could not record it, else `nil`.
  package func record(exitStatus: Int32) async -> String? {
    guard let session = storedSession(exitStatus: exitStatus) else { return nil }
    do {
      try await store.record(session)
      return nil
    } catch {
      return
        "warning: the store of runs did not record this session: \(SessionHistory.sentence(error)) Its results, reports and exit status are as they are without it."
    }
  }
}
