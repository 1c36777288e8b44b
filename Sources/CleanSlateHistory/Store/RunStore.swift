package import Foundation

/// A store of runs: every session of `cleanslate test --history` recorded, for the sessions after
/// it to read — which tests are flaky, broken or new, and what their experiments found.
///
/// Two kinds: a SQLite file (``SQLiteRunStore``, the default: one file a CI cache or artifact
/// carries between runs, shards of one machine writing it at once) and a PostgreSQL database
/// (``PostgresRunStore``, with the `Postgres` trait: a fleet of CI machines writing at once).
/// Open one with ``StoreLocation/open()``. Every method throws ``StoreError``; a caller that runs
/// tests never lets one change a result or an exit status.
package protocol RunStore: Sendable {
  /// The store as messages name it: the file's path, or the server and database (never a
  /// password).
  var name: String { get }

  /// Records `session` and every result in it, in one transaction: a process killed in the
  /// middle leaves the store as it was. A session already recorded (same id) is left as it is.
  func record(_ session: StoredSession) async throws

  /// The tests the store has seen pass, among `tests`, and how many sessions it holds.
  func knownTests(among tests: [String]) async throws -> KnownTests

  /// The sessions of `window`, oldest first, with each test's result in them.
  func history(_ window: HistoryWindow) async throws -> StoredHistory

  /// The latest `limit` results of `test`, newest first, each with its session and attempts.
  func results(of test: String, limit: Int) async throws -> [RecordedResult]

  /// The experiments' rounds kept for `test` since the last session whose explanation of it
  /// decided (named a factor, or found it failing or hanging), newest session first: what
  /// ``PooledEvidenceWindow`` pools for its next explanation.
  func evidence(of test: String) async throws -> [RecordedEvidence]

  /// The tests with rounds kept since their last decided explanation: pending explanations.
  func pendingTests() async throws -> [String]

  /// Removes the sessions that started before `date`, with their results, attempts and kept
  /// rounds, and the tests no session kept has run, in one transaction; with `dryRun`, only counts
  /// them. What the sessions kept say is unchanged, with two consequences:
  ///
  /// - A pending explanation whose earliest sessions are removed goes on from the sessions kept:
  ///   it pools fewer runs, and the kept sessions make its sequence, as one started afresh would.
  /// - A test that has failed since before `date` with no pass kept reads as broken since the
  ///   earliest session kept, not since the commit that broke it; one that passed only in removed
  ///   sessions is new to the store again, and a session checks it as a new test when it passes.
  func prune(startedBefore date: Date, dryRun: Bool) async throws -> PruneSummary

  /// Closes the connection; the store is not used after.
  func close() async
}

/// What a store knows of some tests: which it has seen pass, out of how many sessions.
package struct KnownTests: Sendable, Equatable {
  /// The tests asked about that passed in at least one recorded session.
  package var seenPassing: Set<String>
  /// How many sessions the store holds.
  package var sessions: Int

  package init(seenPassing: Set<String>, sessions: Int) {
    self.seenPassing = seenPassing
    self.sessions = sessions
  }
}

/// Which sessions a reading of the store takes: since a date, of one branch.
package struct HistoryWindow: Sendable, Equatable {
  /// The earliest start of a session taken; `nil` for every session.
  package var since: Date?
  /// The branch whose sessions are taken; `nil` for every branch.
  package var branch: String?

  package init(since: Date? = nil, branch: String? = nil) {
    self.since = since
    self.branch = branch
  }
}

/// One test's result in one session, with the session: a test's history read in detail.
package struct RecordedResult: Sendable, Equatable {
  package var session: StoredHistory.Session
  package var result: StoredResult

  package init(session: StoredHistory.Session, result: StoredResult) {
    self.session = session
    self.result = result
  }
}
