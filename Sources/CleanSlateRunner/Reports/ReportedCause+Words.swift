package import CleanSlateReport
package import CleanSlateTrace

extension ReportedCause {
  /// Its summary, what the run would need said with the option that gives it: `… at 0.50 s a
  /// run: give --explain-budget 120.`, `… than in the run. Run it with --repeat to see it fail
  /// more often, then explain it again.`
  package var wordedSummary: String {
    switch advice {
    case .budget(let seconds)?: "\(summary): give --explain-budget \(seconds)."
    case .moreRepetitions?:
      "\(summary) Run it with --repeat to see it fail more often, then explain it again."
    case nil: summary
    }
  }

  /// The paragraph the summary prints for `test`: its heading, the cause with its evidence, what
  /// parallel tests share, and the command that reproduces it.
  package func paragraph(for test: String) -> [String] {
    let name = testCase.map { "\(test) (\($0))" } ?? test
    return ["\(title): \(name) — \(heading)", "  \(wordedSummary)"]
      + (shared.map { ["  Shared: \($0)"] } ?? []) + ["  Reproduce: \(reproduce)"]
  }

  /// Appends its JSON object, as `--summary-json` gives an explained test's `"cause"`.
  package func writeJSON(to json: inout JSONText) {
    write(to: &json, summary: wordedSummary)
  }

  /// What the HTML report's "Why flaky" section shows of it, for `test`.
  package func explanation(of test: String) -> TestExplanation {
    TestExplanation(
      test: test, kind: kindName, heading: heading, summary: wordedSummary, shared: shared,
      reproduce: reproduce)
  }
}
