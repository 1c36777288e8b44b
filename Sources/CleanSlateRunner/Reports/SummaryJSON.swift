package import CleanSlate
import CleanSlateTrace

/// The `--summary-json` document of a run: every test with its verdict, how many times it ran
/// and failed, and its mean duration in seconds:
///
/// ```json
/// {"tests":[{"name":"Tests.A/testB","outcome":"flaky","runs":2,"failures":1,"duration":0.004}]}
/// ```
///
/// A test `--explain` explained has its `"cause"` too (``ReportedCause/writeJSON(to:)``), and a test
/// that ran in a test process that crashed the number of such runs, `"crashes"`. When a test
/// process crashed, a `"crashes"` list follows the tests, one object a crash
/// (``SessionCrash/write(to:)``).
package enum SummaryJSON {
  /// The document for `session`, one test and one crash a line.
  package static func text(_ session: FinishedSession) -> String {
    text(session.result.records, crashes: session.result.crashes, causes: session.causes)
  }

  /// The document for `records`, `crashes` and `causes`, one test and one crash a line.
  package static func text(
    _ records: [TestRecord], crashes: [SessionCrash] = [],
    causes: [TestName: any ReportedCause] = [:]
  ) -> String {
    var json = JSONText(capacity: 128 * records.count + 512 * crashes.count + 16)
    json.raw("{\"tests\":[")
    for (index, record) in records.enumerated() {
      json.raw(index == 0 ? "\n" : ",\n")
      json.raw("{\"name\":")
      json.string(record.name.listed)
      json.raw(",\"outcome\":\"\(record.verdict.rawValue)\",\"runs\":")
      json.number(record.runs)
      json.raw(",\"failures\":")
      json.number(record.failures)
      json.raw(",\"duration\":\((record.seconds * 1e6).rounded() / 1e6)")
      if record.crashes > 0 {
        json.raw(",\"crashes\":")
        json.number(record.crashes)
      }
      if let cause = causes[record.name] {
        json.raw(",\"cause\":")
        cause.writeJSON(to: &json)
      }
      json.raw("}")
    }
    json.raw("\n]")
    if !crashes.isEmpty {
      json.raw(",\"crashes\":[")
      for (index, crash) in crashes.enumerated() {
        json.raw(index == 0 ? "\n" : ",\n")
        crash.write(to: &json)
      }
      json.raw("\n]")
    }
    json.raw("}\n")
    return json.text
  }
}
