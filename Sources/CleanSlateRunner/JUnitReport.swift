import CleanSlateBisect
internal import CleanSlateReport
import CleanSlateTestProcess

/// The JUnit XML of a `cleanslate test` run, as Maven Surefire writes it for reruns: one
/// `<testsuite>` per class or suite, a `<testcase>` per test named so that `classname/name` is
/// the name `swift test list` prints.
///
/// An attempt that timed out is a failure of type `timeout`, whose message says after how long
/// (`timed out after 5 s`) and whose text is where the test was stuck. An attempt whose test
/// process crashed is a failure of type `crash`, whose message says how
/// (`crashed: its test process died of signal 4 (SIGILL): Fatal error: …`) and whose text is the
/// runtime's report, cut to the crashed thread's first frames. A crash held against no test (no
/// test was running) is a `<testcase>` of its own, `classname="cleanslate" name="test process
/// crash 1"`, with an `<error type="crash">`, so that it is counted and shown too.
///
/// A failed test has a `<failure>` for its first failed attempt and a `<rerunFailure>` for each
/// later one; a flaky test has a `<flakyFailure>` for each failed attempt and no `<failure>`, so
/// that CI dashboards count it as passed and flag it flaky; a skipped test has `<skipped/>`. A
/// test's `time` is the mean of its attempts, in seconds (what `--timings` reads back). A test
/// `--explain` explained has its cause as a property, `cleanslate.cause`, and its paragraph in
/// `<system-out>`, where CI dashboards show it.
package enum JUnitReport {
  /// The document for `run`.
  package static func xml(_ run: TestRun, name: String = "cleanslate test") -> String {
    xml(run.records, crashes: run.crashes, name: name)
  }

  /// The document for `records` and `crashes`.
  package static func xml(
    _ records: [TestRecord], crashes: [RunCrash] = [], name: String = "cleanslate test"
  ) -> String {
    let orphans = crashes.filter { $0.tests.isEmpty }
    var suites: [(name: String, records: [TestRecord])] = []
    for record in records {
      let suite = split(record.name).className
      if suites.last?.name == suite {
        suites[suites.count - 1].records.append(record)
      } else {
        suites.append((suite, [record]))
      }
    }
    var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    lines.append(
      #"<testsuites name="\#(XMLText.attribute(name))" \#(counts(records, errors: orphans.count))>"#
    )
    for suite in suites {
      lines.append(
        #"  <testsuite name="\#(XMLText.attribute(suite.name))" \#(counts(suite.records))>"#)
      for record in suite.records { lines += testCase(record) }
      lines.append("  </testsuite>")
    }
    if !orphans.isEmpty { lines += crashesSuite(orphans) }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func testCase(_ record: TestRecord) -> [String] {
    let (className, name) = split(record.name)
    let open =
      #"    <testcase classname="\#(XMLText.attribute(className))" name="\#(XMLText.attribute(name))" time="\#(seconds(record.seconds))""#
    let failed = record.attempts.filter(\.result.outcome.isFailure)
    var children: [String] = []
    switch record.outcome {
    case .passed: break
    case .skipped: children.append("      <skipped/>")
    case .flaky: children = failed.map { element("flakyFailure", $0) }
    case .failed, .timedOut:
      children = failed.enumerated().map {
        element($0.offset == 0 ? "failure" : "rerunFailure", $0.element)
      }
    }
    if let cause = record.cause {
      children.insert(
        #"      <properties><property name="cleanslate.cause" value="\#(cause.kind.rawValue)"/></properties>"#,
        at: 0)
      let text = cause.paragraph(for: record.name).joined(separator: "\n")
      children.append("      <system-out>\(XMLText.content(text))</system-out>")
    }
    guard !children.isEmpty else { return [open + "/>"] }
    return [open + ">"] + children + ["    </testcase>"]
  }

  /// A failure element; one of a timed-out attempt says so in its type, and holds where the test
  /// was stuck; one of a crashed attempt too, and holds the crash's report.
  private static func element(_ tag: String, _ attempt: TestRecord.Attempt) -> String {
    let result = attempt.result
    let message = XMLText.attribute(result.failure ?? "failed")
    let type =
      attempt.crash != nil ? "crash" : result.outcome == .timedOut ? "timeout" : "failure"
    guard type != "failure", !result.report.isEmpty else {
      return #"      <\#(tag) message="\#(message)" type="\#(type)"/>"#
    }
    let report = XMLText.content(result.report.joined(separator: "\n"))
    return #"      <\#(tag) message="\#(message)" type="\#(type)">\#(report)</\#(tag)>"#
  }

  /// The suite of the crashes held against no test, a test case each.
  private static func crashesSuite(_ crashes: [RunCrash]) -> [String] {
    var lines = [
      #"  <testsuite name="cleanslate" tests="\#(crashes.count)" failures="0" errors="\#(crashes.count)" skipped="0" time="0.000000">"#
    ]
    for (index, crash) in crashes.enumerated() {
      let message = XMLText.attribute(crash.line.dropFirst("Crashed: ".count).description)
      let report = XMLText.content(crash.crash.excerpt.joined(separator: "\n"))
      lines += [
        #"    <testcase classname="cleanslate" name="test process crash \#(index + 1)" time="0.000000">"#,
        #"      <error message="\#(message)" type="crash">\#(report)</error>"#,
        "    </testcase>",
      ]
    }
    return lines + ["  </testsuite>"]
  }

  private static func counts(_ records: [TestRecord], errors: Int = 0) -> String {
    let failures = records.count(where: { $0.outcome == .failed || $0.outcome == .timedOut })
    let skipped = records.count(where: { $0.outcome == .skipped })
    let time = records.reduce(0) { $0 + $1.seconds }
    return
      #"tests="\#(records.count + errors)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)" time="\#(seconds(time))""#
  }

  /// `Module.Class/testMethod` as `Module.Class` and `testMethod`; `Module.Outer/Inner/test()` as
  /// `Module.Outer/Inner` and `test()`.
  private static func split(_ name: String) -> (className: String, name: String) {
    guard let slash = name.lastIndex(of: "/") else { return ("", name) }
    return (String(name[..<slash]), String(name[name.index(after: slash)...]))
  }

  private static func seconds(_ value: Double) -> String {
    let micros = Int64((value * 1e6).rounded())
    let fraction = String(micros % 1_000_000)
    return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }
}
