package import CleanSlate

/// A test that ran past its time limit in a `swift test`, and was ended with its test process.
package struct HungTest: Sendable, Equatable {
  /// Its name as its framework printed it: XCTest's `Class.test`, Swift Testing's
  /// `Module.Suite/test()` (as `swift test list` prints it).
  package var name: String
  /// Its limit.
  package var limit: Duration
  /// How long it had run when it was ended.
  package var ran: Duration
  /// Where it was stuck: what CleanSlate knew of it, and its threads' stacks, in lines.
  package var report: [String]

  package init(name: String, limit: Duration, ran: Duration, report: [String] = []) {
    self.name = name
    self.limit = limit
    self.ran = ran
    self.report = report
  }

  /// Whether it is `test`.
  package func names(_ test: TestName) -> Bool { test.isNamed(name) }

  /// Its report as the test `test` (named as `swift test list` prints it): a line that says it
  /// timed out and its process was ended, then where it was stuck.
  package func timedOutReport(named test: TestName) -> [String] {
    [
      "Timed out: \(test) ran for \(HangReport.seconds(ran, decimals: 1)), past its limit of \(HangReport.seconds(limit)); its test process was ended."
    ] + report
  }

  /// `timed out after 5 seconds`: the failure of a test that was ended at its limit.
  package var failure: String {
    let seconds = HangReport.seconds(limit).dropLast(2)
    return "timed out after \(seconds) second\(seconds == "1" ? "" : "s")"
  }
}
