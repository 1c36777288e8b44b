#if GRDB
  internal import GRDB

  /// A test that left a transaction open on its database; the transaction has been rolled back.
  struct TransactionLeftOpen: Error, CustomStringConvertible {
    let fixture: String

    var description: String {
      "the test left a transaction open on '\(fixture)' (a BEGIN without COMMIT or ROLLBACK); it was rolled back. Use `write { }` or `inTransaction { }`, which always end their transaction."
    }
  }

  extension DatabaseWriter {
    /// Rolls back a transaction the test left open, and throws to report it.
    func rollBackLeftOpenTransaction(fixture: String) throws {
      let wasOpen = try writeWithoutTransaction { db -> Bool in
        guard db.isInsideTransaction else { return false }
        try db.rollback()
        return true
      }
      if wasOpen { throw TransactionLeftOpen(fixture: fixture) }
    }
  }
#endif
