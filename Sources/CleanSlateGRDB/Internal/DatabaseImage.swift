#if GRDB
  internal import Foundation
  internal import GRDB
  internal import GRDBSQLite

  /// The bytes of a whole SQLite database, as `sqlite3_serialize` writes them: a valid database
  /// file, which every copy starts from.
  struct DatabaseImage: Sendable {
    let bytes: Data
    /// Where the copies' memory comes from.
    private let regions: DatabaseRegionSource

    /// Serializes the `main` schema of an open connection, for copies that may grow `headroom`
    /// bytes beyond it.
    init(of db: Database, headroom: Int) throws {
      var size: sqlite3_int64 = 0
      if let pointer = sqlite3_serialize(db.sqliteConnection, "main", &size, 0) {
        bytes = Data(bytes: pointer, count: Int(size))
        sqlite3_free(pointer)
      } else if size == 0 {
        bytes = Data()  // A database with no page yet: SQLite allocates nothing for it.
      } else {
        throw DatabaseError(resultCode: .SQLITE_NOMEM, message: "sqlite3_serialize failed")
      }
      regions = DatabaseRegionSource(bytes: bytes, headroom: headroom)
    }

    /// Replaces the `main` schema of a new connection with a private copy of this image, and
    /// returns the region that holds it (nil if it was copied the portable way).
    ///
    /// Call it before the connection reads its schema (from `prepareDatabase`): the schema read
    /// then reads the template's.
    ///
    /// The copy lives in a ``DatabaseRegion`` that SQLite reads in place and that the
    /// connection releases when it closes, however it closes (even as a zombie, after its last
    /// statement is finalized); where the system refuses a region, it is a resizable copy that
    /// SQLite frees.
    func load(into db: Database) throws -> DatabaseRegion? {
      guard let region = regions.makeRegion() else {
        try loadCopy(into: db)
        return nil
      }
      try releaseOnClose(region, of: db)
      let code = sqlite3_deserialize(
        db.sqliteConnection, "main", region.base.assumingMemoryBound(to: UInt8.self),
        sqlite3_int64(bytes.count), sqlite3_int64(region.capacity), 0)
      guard code == SQLITE_OK else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: "sqlite3_deserialize failed")
      }
      // Pages are read straight from the region rather than copied into the page cache.
      try db.execute(sql: "PRAGMA main.mmap_size = \(region.capacity)")
      db.clearSchemaCache()
      return region
    }

    /// Loads a resizable copy that SQLite frees when the connection closes.
    private func loadCopy(into db: Database) throws {
      let size = bytes.count
      guard let buffer = sqlite3_malloc64(sqlite3_uint64(size)) else {
        throw DatabaseError(resultCode: .SQLITE_NOMEM, message: "sqlite3_malloc64 failed")
      }
      bytes.withUnsafeBytes { raw in
        if let source = raw.baseAddress { buffer.copyMemory(from: source, byteCount: size) }
      }
      let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
      let code = sqlite3_deserialize(
        db.sqliteConnection, "main", buffer.assumingMemoryBound(to: UInt8.self),
        sqlite3_int64(size), sqlite3_int64(size), flags)
      guard code == SQLITE_OK else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: "sqlite3_deserialize failed")
      }
      db.clearSchemaCache()
    }

    /// Ties the region's release to the connection's close: SQLite calls a function's destructor
    /// when the connection is finally closed, after it has closed its databases.
    private func releaseOnClose(_ region: DatabaseRegion, of db: Database) throws {
      let owned = UnsafeMutablePointer<DatabaseRegion>.allocate(capacity: 1)
      owned.initialize(to: region)
      // On failure, SQLite calls the destructor itself: the region is already released.
      let code = sqlite3_create_function_v2(
        db.sqliteConnection, "cleanslate_database_region", 0, SQLITE_UTF8, owned,
        { context, _, _ in sqlite3_result_null(context) }, nil, nil,
        { pointer in
          guard let owned = pointer?.assumingMemoryBound(to: DatabaseRegion.self) else { return }
          owned.pointee.release()
          owned.deinitialize(count: 1)
          owned.deallocate()
        })
      guard code == SQLITE_OK else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: "sqlite3_create_function_v2 failed")
      }
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
#endif
