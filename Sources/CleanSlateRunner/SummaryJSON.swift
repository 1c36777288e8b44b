internal import CleanSlateReport

/// The `--summary-json` document of a run: every test with its verdict, how many times it ran
/// and failed, and its mean duration in seconds:
///
/// ```json
/// {"tests":[{"name":"Tests.A/testB","outcome":"flaky","runs":2,"failures":1,"duration":0.004}]}
/// ```
///
/// A test `--explain` explained has its `"cause"` too (``TestCause/write(to:)``).
package enum SummaryJSON {
  /// The document for `records`, one test a line.
  package static func text(_ records: [TestRecord]) -> String {
    var json = JSONText(capacity: 128 * records.count + 16)
    json.raw("{\"tests\":[")
    for (index, record) in records.enumerated() {
      json.raw(index == 0 ? "\n" : ",\n")
      json.raw("{\"name\":")
      json.string(record.name)
      json.raw(",\"outcome\":\"\(record.outcome.rawValue)\",\"runs\":")
      json.number(record.runs)
      json.raw(",\"failures\":")
      json.number(record.failures)
      json.raw(",\"duration\":\((record.seconds * 1e6).rounded() / 1e6)")
      if let cause = record.cause {
        json.raw(",\"cause\":")
        cause.write(to: &json)
      }
      json.raw("}")
    }
    json.raw("\n]}\n")
    return json.text
  }
}
