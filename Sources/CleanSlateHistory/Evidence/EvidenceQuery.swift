import CleanSlateExplain

/// The query that reads a test's kept rounds back, the same in SQLite and PostgreSQL: the rows of
/// the sessions after the last one whose explanation of the test decided, newest first. Its one
/// parameter is the test's name (`?1` in SQLite, `$1` in PostgreSQL).
enum EvidenceQuery {
  /// The cause kinds that end a sequence (``TestCause/Kind/endsAPooledSequence``).
  static let decidedKinds = TestCause.Kind.allCases.filter(\.endsAPooledSequence).map(\.rawValue)

  /// The tests whose sequence has rounds kept since its last decided explanation: those a
  /// session where they pass may go on with.
  static var pendingTests: String {
    let kinds = decidedKinds.map { "'\($0)'" }.joined(separator: ", ")
    return """
      SELECT DISTINCT t.name FROM cleanslate_tests t JOIN cleanslate_evidence e ON e.test = t.id
      WHERE e.session > COALESCE((
        SELECT max(r.session) FROM cleanslate_results r
        WHERE r.test = t.id AND r.cause_kind IN (\(kinds))
      ), 0)
      ORDER BY t.name
      """
  }

  /// The query, its parameter spelled `parameter`.
  static func sql(parameter: String) -> String {
    let kinds = decidedKinds.map { "'\($0)'" }.joined(separator: ", ")
    return """
      SELECT e.session, e.lead, e.rounds, e.afresh
      FROM cleanslate_tests t JOIN cleanslate_evidence e ON e.test = t.id
      WHERE t.name = \(parameter) AND e.session > COALESCE((
        SELECT max(r.session) FROM cleanslate_results r
        WHERE r.test = t.id AND r.cause_kind IN (\(kinds))
      ), 0)
      ORDER BY e.session DESC
      """
  }
}
