internal import Foundation
internal import GRDB
internal import GRDBSQLite

/// The bytes of a whole SQLite database, as `sqlite3_serialize` writes them: a valid database
/// file, copied into a fresh connection with `sqlite3_deserialize` in one `memcpy`.
struct DatabaseImage: Sendable {
  let bytes: Data

  /// Serializes the `main` schema of an open connection.
  init(of db: Database) throws {
    var size: sqlite3_int64 = 0
    guard let pointer = sqlite3_serialize(db.sqliteConnection, "main", &size, 0) else {
      throw DatabaseError(resultCode: .SQLITE_NOMEM, message: "sqlite3_serialize failed")
    }
    bytes = Data(bytes: pointer, count: Int(size))
    sqlite3_free(pointer)
  }

  /// Replaces the `main` schema of `db` with a private, resizable copy of this image, which
  /// SQLite frees when the connection closes, and reads its schema in, which the first
  /// statement on the connection would otherwise do (most of that statement's cost).
  func load(into db: Database) throws {
    let size = bytes.count
    guard let buffer = sqlite3_malloc64(sqlite3_uint64(size)) else {
      throw DatabaseError(resultCode: .SQLITE_NOMEM, message: "sqlite3_malloc64 failed")
    }
    bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: size) }
    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
    let code = sqlite3_deserialize(
      db.sqliteConnection, "main", buffer.assumingMemoryBound(to: UInt8.self),
      sqlite3_int64(size), sqlite3_int64(size), flags)
    guard code == SQLITE_OK else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: "sqlite3_deserialize failed")
    }
    db.clearSchemaCache()
    try db.execute(sql: "SELECT count(*) FROM sqlite_master")
  }

  /// A digest of the database's content: every page after the 100-byte file header, whose
  /// counters change on every write without changing what the database holds.
  var contentDigest: String {
    var hasher = FNVHasher()
    bytes.withUnsafeBytes { raw in
      if raw.count > 100 { hasher.combine(UnsafeRawBufferPointer(rebasing: raw[100...])) }
    }
    return hasher.hex
  }
}
