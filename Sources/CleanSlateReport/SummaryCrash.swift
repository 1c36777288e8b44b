package import Foundation

/// A crash of a test process, as the `--summary-json` of a `cleanslate test` run lists it: what
/// the run's summary said of it, the tests it is held against, and the runtime's report.
package struct SummaryCrash: Sendable, Equatable {
  /// Its line in the run's summary, without `Crashed: `.
  package var summary: String
  /// The tests it is held against; none when no test was running.
  package var tests: [String]
  /// The runtime's report, cut to the crashed thread's first frames.
  package var backtrace: [String]

  /// A crash of these parts.
  package init(summary: String, tests: [String] = [], backtrace: [String] = []) {
    self.summary = summary
    self.tests = tests
    self.backtrace = backtrace
  }

  /// The crashes of a `--summary-json` document, in its order (none when it lists none); `nil`
  /// when it is not one.
  package static func all(inSummary data: Data) -> [SummaryCrash]? {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      object["tests"] is [Any]
    else { return nil }
    let crashes = object["crashes"] as? [[String: Any]] ?? []
    return crashes.compactMap { crash in
      guard let summary = crash["summary"] as? String else { return nil }
      return SummaryCrash(
        summary: summary, tests: crash["tests"] as? [String] ?? [],
        backtrace: crash["backtrace"] as? [String] ?? [])
    }
  }
}
