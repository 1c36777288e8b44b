import CleanSlateHistory

/// SQL run on a SQLite file directly, as another program (or a person with `sqlite3`) would.
enum SQLiteScript {
  /// Runs `sql` in the file at `path`, creating it when missing.
  static func run(_ sql: String, in path: String) async throws {
    try SQLiteDatabase(path: path, create: true).execute(sql)
  }

  /// The first column of the first row `sql` gives, as text.
  static func value(_ sql: String, in path: String) async throws -> String? {
    let statement = try SQLiteDatabase(path: path, create: false).prepare(sql)
    try statement.bind([])
    return try statement.step() ? statement.text(0) : nil
  }
}
