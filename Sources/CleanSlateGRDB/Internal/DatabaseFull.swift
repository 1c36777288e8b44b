#if GRDB
  /// A test whose in-memory database grew to its limit: its writes past it failed with
  /// `SQLITE_FULL` ("database or disk is full").
  struct DatabaseFull: Error, CustomStringConvertible {
    let fixture: String
    /// How far a database may grow beyond the template, in bytes.
    let headroom: Int

    var description: String {
      let size = headroom % (1 << 30) == 0 ? "\(headroom >> 30) GiB" : "\(headroom >> 20) MiB"
      return
        "the test's database '\(fixture)' grew to its limit, \(size) beyond the template, and writes past it failed with SQLITE_FULL (database or disk is full). Write less, or use `Fixture.databasePool`, whose database is a file."
    }
  }
#endif
