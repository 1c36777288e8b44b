internal import CSQLite

/// A prepared statement of a ``SQLiteDatabase``: bind its parameters, step through its rows, read
/// their columns; reset to run it again with other parameters.
package final class SQLiteStatement {
  private let statement: OpaquePointer
  private let database: SQLiteDatabase

  init(_ statement: OpaquePointer, database: SQLiteDatabase) {
    self.statement = statement
    self.database = database
  }

  deinit {
    sqlite3_finalize(statement)
  }

  /// A value a parameter takes.
  package enum Value {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
  }

  /// Binds `values` to the parameters `?1`, `?2`, … in order, after a reset.
  package func bind(_ values: [Value]) throws {
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
      case .real(let number): status = sqlite3_bind_double(statement, index, number)
      case .text(let text): status = sqlite3_bind_text(statement, index, text, -1, transient)
      case .null: status = sqlite3_bind_null(statement, index)
      }
      guard status == SQLITE_OK else { throw database.failure(status, nil) }
    }
  }

  /// Runs the statement to its next row: `true` when there is one to read, `false` once it is
  /// done.
  package func step() throws -> Bool {
    let status = sqlite3_step(statement)
    switch status {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw database.failure(status, nil)
    }
  }

  /// Runs the statement with `values` to its end, reading no row.
  package func run(_ values: [Value] = []) throws {
    try bind(values)
    while try step() {}
  }

  /// The integer in column `index` of the current row (0 for `NULL`).
  package func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(statement, index) }

  /// The number in column `index` of the current row (0 for `NULL`).
  package func real(_ index: Int32) -> Double { sqlite3_column_double(statement, index) }

  /// Whether column `index` of the current row is `NULL`.
  package func isNull(_ index: Int32) -> Bool {
    sqlite3_column_type(statement, index) == SQLITE_NULL
  }

  /// The text in column `index` of the current row; `nil` for `NULL`.
  package func text(_ index: Int32) -> String? {
    guard let bytes = sqlite3_column_text(statement, index) else { return nil }
    return String(cString: bytes)
  }

  /// The first byte of the text in column `index` of the current row, without making a string of
  /// it (0 for `NULL` or empty): enough to tell apart a few known words in a large read.
  package func firstByte(_ index: Int32) -> UInt8 {
    sqlite3_column_text(statement, index)?.pointee ?? 0
  }
}

/// SQLite's `SQLITE_TRANSIENT`: it copies the bound text before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
