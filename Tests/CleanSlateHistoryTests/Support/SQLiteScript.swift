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

extension SQLiteScript {
  /// The first column of every row `sql` gives, as text.
  static func rows(_ sql: String, in path: String) async throws -> [String] {
    let statement = try SQLiteDatabase(path: path, create: false).prepare(sql)
    try statement.bind([])
    var rows: [String] = []
    while try statement.step() { rows.append(statement.text(0) ?? "NULL") }
    return rows
  }

  /// The tables of the store in `path` as a person would compare them: each table's columns,
  /// keys, foreign keys and indexes, whatever text made them.
  static func shape(of path: String) async throws -> [String] {
    try await rows(
      """
      SELECT m.name || ' ' || p.cid || ' ' || p.name || ' ' || p.type || ' notnull ' || p."notnull"
        || ' pk ' || p.pk
      FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'
      UNION ALL
      SELECT m.name || ' references ' || f."table" || ' (' || f."from" || ' -> ' || f."to" || ') '
        || f.on_delete
      FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table'
      UNION ALL
      SELECT m.name || ' index ' || i.name || ' unique ' || i."unique" || ' ' || i.origin || ' ('
        || (SELECT group_concat(c.name) FROM pragma_index_info(i.name) c) || ')'
      FROM sqlite_master m, pragma_index_list(m.name) i WHERE m.type = 'table'
      UNION ALL
      SELECT name || ' without rowid ' || (sql LIKE '%WITHOUT ROWID%') FROM sqlite_master
      WHERE type = 'table'
      ORDER BY 1
      """, in: path)
  }
}
