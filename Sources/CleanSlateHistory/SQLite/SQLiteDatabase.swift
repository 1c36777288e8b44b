internal import CSQLite
import Foundation

/// One connection to a SQLite file: statements, transactions and the error that names the file.
///
/// Used by one task at a time (the store runs its work on a queue of its own). Every connection
/// waits (a minute, by default: ``busyTimeout``) for a lock another process holds — shards of one CI job write one
/// file at the end of their sessions — and writes through a write-ahead log, so that readers
/// never wait for a writer and a process killed in the middle of a write leaves the file as it
/// was before that write's transaction.
package final class SQLiteDatabase: @unchecked Sendable {
  /// How long a statement waits, by default, for a lock another connection holds before it
  /// fails.
  package static let busyTimeout: Duration = .seconds(60)

  /// The file.
  package let path: String
  private let handle: OpaquePointer

  /// Opens the file at `path`, creating it when `create` is set; a statement waits up to
  /// `busyTimeout` for a lock another connection holds.
  ///
  /// - Throws: ``StoreError`` naming the file and SQLite's reason.
  package init(
    path: String, create: Bool, busyTimeout: Duration = SQLiteDatabase.busyTimeout
  )
    throws
  {
    self.path = path
    var handle: OpaquePointer?
    let flags =
      SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(path, &handle, flags, nil)
    guard status == SQLITE_OK, let handle else {
      let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      if let handle { sqlite3_close_v2(handle) }
      throw StoreError(.unreadable, "cannot open \(path): \(reason)")
    }
    self.handle = handle
    let milliseconds =
      busyTimeout.components.seconds * 1000
      + busyTimeout.components.attoseconds / 1_000_000_000_000_000
    sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Runs `sql`, one or more statements without parameters.
  package func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard status == SQLITE_OK else {
      throw failure(status, message.map { String(cString: $0) })
    }
  }

  /// A statement of `sql`, its parameters bound with ``SQLiteStatement/bind(_:at:)``.
  package func prepare(_ sql: String) throws -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard status == SQLITE_OK, let statement else { throw failure(status, nil) }
    return SQLiteStatement(statement, database: self)
  }

  /// Runs `body` in a transaction that takes the write lock at once (`BEGIN IMMEDIATE`: two
  /// writers never both read, then fail to write): committed when `body` returns, rolled back
  /// when it throws.
  package func writing<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Runs `body` in a read transaction: every statement in it sees the same state of the file.
  package func reading<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN")
    defer { try? execute("COMMIT") }
    return try body()
  }

  /// The error of a statement that ended with `status`: SQLite's message, naming the file, of the
  /// kind its code says (locked, read-only, corrupt, …).
  package func failure(_ status: Int32, _ message: String?) -> StoreError {
    let reason = message ?? String(cString: sqlite3_errmsg(handle))
    let kind: StoreError.Kind
    switch status & 0xFF {
    case SQLITE_BUSY, SQLITE_LOCKED: kind = .locked
    case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_AUTH: kind = .unwritable
    case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT: kind = .unreadable
    default: kind = .failed
    }
    return StoreError(kind, "\(path): \(reason)")
  }
}
