/// The statements that prune a store of runs, the same in SQLite and PostgreSQL: what the
/// sessions that started before a date hold, counted, then removed with them, and the tests no
/// session kept has run. Their one parameter is the date, in seconds since 1970 (`?1` in SQLite,
/// `$1` in PostgreSQL).
enum PruneQuery {
  /// One row of six counts: the sessions to remove, their results, attempts and kept rounds, the
  /// tests no session kept has run, and the sessions kept.
  static func counts(parameter date: String) -> String {
    let old = "SELECT id FROM cleanslate_sessions WHERE started < \(date)"
    return """
      SELECT
        (SELECT count(*) FROM cleanslate_sessions WHERE started < \(date)),
        (SELECT count(*) FROM cleanslate_results WHERE session IN (\(old))),
        (SELECT count(*) FROM cleanslate_attempts WHERE session IN (\(old))),
        (SELECT count(*) FROM cleanslate_evidence WHERE session IN (\(old))),
        (SELECT count(*) FROM cleanslate_tests t WHERE NOT EXISTS (
          SELECT 1 FROM cleanslate_results r JOIN cleanslate_sessions s ON s.id = r.session
          WHERE r.test = t.id AND s.started >= \(date))),
        (SELECT count(*) FROM cleanslate_sessions WHERE started >= \(date))
      """
  }

  /// The deletions of the sessions and what they hold, in order: each table's rows before the
  /// rows they refer to. ``unreferencedTests`` follows them.
  static func deletions(parameter date: String) -> [String] {
    let old = "SELECT id FROM cleanslate_sessions WHERE started < \(date)"
    return [
      "DELETE FROM cleanslate_attempts WHERE session IN (\(old))",
      "DELETE FROM cleanslate_evidence WHERE session IN (\(old))",
      "DELETE FROM cleanslate_results WHERE session IN (\(old))",
      "DELETE FROM cleanslate_sessions WHERE started < \(date)",
    ]
  }

  /// The deletion of the tests no session kept has run (no parameter).
  static let unreferencedTests = """
    DELETE FROM cleanslate_tests WHERE NOT EXISTS (
      SELECT 1 FROM cleanslate_results r WHERE r.test = cleanslate_tests.id)
    """
}
