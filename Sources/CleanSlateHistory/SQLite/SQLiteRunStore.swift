import Dispatch
package import Foundation

/// A store of runs in one SQLite file: the default store, one file a CI cache or artifact carries
/// from run to run.
///
/// Shards of one machine write one file at once: each session is written in one transaction at
/// its end, the write lock waited for (``SQLiteDatabase/busyTimeout``), through a write-ahead
/// log — readers never wait, and a process killed in the middle of its write leaves every earlier
/// session intact. Every call runs on a queue of the store's own, off Swift concurrency's threads.
package final class SQLiteRunStore: RunStore {
  package let name: String
  private let database: SQLiteDatabase
  private let queue = DispatchQueue(label: "CleanSlateHistory.SQLiteRunStore")

  /// Opens the store in the file at `path`, creating it (and its tables) when it does not exist
  /// and `create` is set, and bringing an older store's tables to the current version; each statement waits up to
  /// `lockTimeout` for the lock another process holds.
  ///
  /// - Throws: ``StoreError``: the file cannot be created, read or written, is not a store, or is
  ///   a store of a newer CleanSlate.
  package static func open(
    path: String, create: Bool = true, lockTimeout: Duration = SQLiteDatabase.busyTimeout
  ) async throws -> SQLiteRunStore {
    try await Task.detached {
      try SQLiteRunStore(path: path, create: create, lockTimeout: lockTimeout)
    }.value
  }

  private init(path: String, create: Bool, lockTimeout: Duration) throws {
    name = path
    database = try SQLiteDatabase(path: path, create: create, busyTimeout: lockTimeout)
    try database.execute("PRAGMA foreign_keys = ON")
    try Self.migrate(database)
    // Set after the tables exist: a file that is not a database fails above, at its first read,
    // with SQLite's own words.
    try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
  }

  /// Brings the file's tables to ``StoreSchema/latest``, in one write transaction; leaves a store
  /// of a newer schema untouched.
  private static func migrate(_ database: SQLiteDatabase) throws {
    // A read first: a store that is current takes no write lock (shards open it at once).
    if try version(of: database) == StoreSchema.latest { return }
    try database.writing {
      let found = try version(of: database)
      guard found <= StoreSchema.latest else {
        throw StoreError(
          .newerSchema,
          "\(database.path) is a store of runs of version \(found), made by a newer CleanSlate; this one knows versions up to \(StoreSchema.latest). Update CleanSlate, or give another file."
        )
      }
      guard found < StoreSchema.latest else { return }
      try database.execute(StoreSchema.versionTable)
      for statement in StoreSchema.statements(from: found, for: .sqlite) {
        try database.execute(statement)
      }
      try database.execute("DELETE FROM cleanslate_store")
      try database.execute("INSERT INTO cleanslate_store (version) VALUES (\(StoreSchema.latest))")
    }
  }

  /// The version the file's tables are at: 0 for a file with none.
  private static func version(of database: SQLiteDatabase) throws -> Int {
    let table = try database.prepare(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'cleanslate_store'")
    guard try table.step(), table.integer(0) > 0 else {
      // A file with tables of its own is not a store: never write into another program's data.
      let tables = try database.prepare("SELECT count(*) FROM sqlite_master")
      if try tables.step(), tables.integer(0) > 0 {
        throw StoreError(
          .unreadable,
          "\(database.path) is a SQLite database, but not a store of runs: give a new file or a store."
        )
      }
      return 0
    }
    let statement = try database.prepare("SELECT max(version) FROM cleanslate_store")
    return try statement.step() ? Int(statement.integer(0)) : 0
  }

  // MARK: - RunStore

  package func record(_ session: StoredSession) async throws {
    try await perform { database in try SQLiteSessionWriter(database).write(session) }
  }

  package func knownTests(among tests: [String]) async throws -> KnownTests {
    try await perform { database in
      try database.reading {
        let count = try database.prepare("SELECT count(*) FROM cleanslate_sessions")
        let sessions = try count.step() ? Int(count.integer(0)) : 0
        let passed = try database.prepare(
          """
          SELECT 1 FROM cleanslate_tests t WHERE t.name = ?1 AND EXISTS (
            SELECT 1 FROM cleanslate_results r
            WHERE r.test = t.id AND r.verdict IN ('passed', 'flaky'))
          """)
        var seen = Set<String>()
        for test in tests {
          try passed.bind([.text(test)])
          if try passed.step() { seen.insert(test) }
        }
        return KnownTests(seenPassing: seen, sessions: sessions)
      }
    }
  }

  package func history(_ window: HistoryWindow) async throws -> StoredHistory {
    try await perform { database in try SQLiteHistoryReader(database).read(window) }
  }

  package func results(of test: String, limit: Int) async throws -> [RecordedResult] {
    try await perform { database in
      try SQLiteHistoryReader(database).results(of: test, limit: limit)
    }
  }

  package func evidence(of test: String) async throws -> [RecordedEvidence] {
    try await perform { database in
      try database.reading {
        let rows = try database.prepare(EvidenceQuery.sql(parameter: "?1"))
        try rows.bind([.text(test)])
        var found: [RecordedEvidence] = []
        while try rows.step() {
          found.append(
            RecordedEvidence(
              session: rows.integer(0),
              evidence: StoredEvidence(
                lead: rows.text(1) ?? "", rounds: rows.text(2) ?? "",
                afresh: rows.integer(3) != 0)))
        }
        return found
      }
    }
  }

  package func pendingTests() async throws -> [String] {
    try await perform { database in
      try database.reading {
        let rows = try database.prepare(EvidenceQuery.pendingTests)
        try rows.bind([])
        var names: [String] = []
        while try rows.step() { names.append(rows.text(0) ?? "") }
        return names
      }
    }
  }

  package func prune(startedBefore date: Date, dryRun: Bool) async throws -> PruneSummary {
    try await perform { database in
      let count = {
        let row = try database.prepare(PruneQuery.counts(parameter: "?1"))
        try row.bind([.real(date.timeIntervalSince1970)])
        guard try row.step() else { throw StoreError(.failed, "\(database.path): no counts") }
        return PruneSummary(
          sessions: Int(row.integer(0)), results: Int(row.integer(1)),
          attempts: Int(row.integer(2)), evidence: Int(row.integer(3)),
          tests: Int(row.integer(4)), kept: Int(row.integer(5)))
      }
      guard !dryRun else { return try database.reading(count) }
      return try database.writing {
        let summary = try count()
        for statement in PruneQuery.deletions(parameter: "?1") {
          try database.prepare(statement).run([.real(date.timeIntervalSince1970)])
        }
        try database.execute(PruneQuery.unreferencedTests)
        return summary
      }
    }
  }

  package func close() async {}

  /// Runs `work` on the store's queue.
  private func perform<T: Sendable>(
    _ work: @escaping @Sendable (SQLiteDatabase) throws -> T
  ) async throws -> T {
    let database = database
    return try await withCheckedThrowingContinuation { continuation in
      queue.async {
        continuation.resume(with: Result { try work(database) })
      }
    }
  }
}
