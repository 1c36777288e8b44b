/// What pruning a store of runs removed, or would remove with `--dry-run`: the sessions that
/// started before a date, everything recorded in them, and the tests no session kept has run.
package struct PruneSummary: Sendable, Equatable {
  /// The sessions removed.
  package var sessions: Int
  /// Their results: a row a test a session.
  package var results: Int
  /// Their attempts: the runs kept of tests that ran more than once or failed.
  package var attempts: Int
  /// Their explanations' kept rounds: a row a test a session whose explanation pooled.
  package var evidence: Int
  /// The tests no session kept has run, removed with them.
  package var tests: Int
  /// The sessions kept.
  package var kept: Int

  package init(sessions: Int, results: Int, attempts: Int, evidence: Int, tests: Int, kept: Int) {
    self.sessions = sessions
    self.results = results
    self.attempts = attempts
    self.evidence = evidence
    self.tests = tests
    self.kept = kept
  }

  /// The summary in one sentence, for sessions older than `days` days: `Removed 1,234 sessions
  /// older than 90 days (56,789 results, 2,345 attempts, 12 rows of kept rounds, 3 tests no
  /// session kept has run); kept 56.`, or `Would remove …; would keep 56.` for a dry run.
  package func sentence(olderThan days: Int, dryRun: Bool) -> String {
    let older = "older than \(Self.count(days, "day"))"
    guard sessions > 0 else {
      return "No session is \(older): nothing \(dryRun ? "would be" : "was") removed; "
        + "\(dryRun ? "would keep" : "kept") \(Self.grouped(kept))."
    }
    let parts = [
      Self.count(results, "result"), Self.count(attempts, "attempt"),
      Self.count(evidence, "row", "rows") + " of kept rounds",
      Self.count(tests, "test") + " no session kept has run",
    ]
    return "\(dryRun ? "Would remove" : "Removed") \(Self.count(sessions, "session")) \(older) "
      + "(\(parts.joined(separator: ", "))); \(dryRun ? "would keep" : "kept") \(Self.grouped(kept))."
  }

  /// `1 session`, `1,234 sessions`.
  private static func count(_ number: Int, _ one: String, _ many: String? = nil) -> String {
    "\(grouped(number)) \(number == 1 ? one : many ?? one + "s")"
  }

  /// `number` with its thousands grouped by commas, whatever the locale: `1,234,567`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return number < 0 ? "-" + text : text
  }
}
