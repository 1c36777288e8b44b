import CleanSlate

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

  /// Whether it is `test`, as `swift test list` prints it.
  package func names(_ test: String) -> Bool {
    name == test || XCTestOutput.name(name, names: test)
  }

  /// `timed out after 5 seconds`: the failure of a test that was ended at its limit.
  package var failure: String {
    let seconds = HangReport.seconds(limit).dropLast(2)
    return "timed out after \(seconds) second\(seconds == "1" ? "" : "s")"
  }
}
