package import CleanSlate
package import CleanSlateTestProcess

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
/// crash 1"`, with an `<error type="crash">`, so that it is counted and shown too; so is a
/// failure no test accounts for (``UnplacedFailure``): `name="unplaced failure 1"`, with an
/// `<error type="unplaced">` whose message says what was seen; and so is a step after the tests
/// ran that stopped on an error (``StoppedStep``): `name="stopped step 1"`, `<error
/// type="stopped">`; and so is a signal that stopped the session (``SessionInterruption``):
/// `name="interrupted"`, `<error type="interrupted">`, whose message names the tests that were
/// running and how many never ran.
///
/// A failed test has a `<failure>` for its first failed attempt and a `<rerunFailure>` for each
/// later one; a flaky test has a `<flakyFailure>` for each failed attempt and no `<failure>`, so
/// that CI dashboards count it as passed and flag it flaky; a skipped test has `<skipped/>`. A
/// test's `time` is the mean of its attempts, in seconds (what `--timings` reads back); a suite's
/// and the run's are their wall time, from the first start of their tests to the last end, as
/// the frameworks' clocks say (the sum of the durations when the session heard none). A test
/// `--explain` explained has its cause as a property, `cleanslate.cause`, and its paragraph in
/// `<system-out>`, where CI dashboards show it.
package enum JUnitReport {
  /// The document for `session`.
  package static func xml(_ session: FinishedSession, name: String = "cleanslate test") -> String {
    xml(
      session.result.records, crashes: session.result.crashes, causes: session.causes,
      quarantine: session.quarantine, newTests: Set(session.newTests),
      unplaced: session.result.unplaced, stopped: session.stopped, timeline: session.timeline,
      interruption: session.result.interruption, name: name)
  }

  /// The document for `records`, `crashes` and `causes`, under `quarantine`, with `newTests`
  /// checked, the failures no test accounts for, `unplaced`, and the steps that stopped,
  /// `stopped`; each suite's and the run's `time` their wall time by `timeline`.
  package static func xml(
    _ records: [TestRecord], crashes: [SessionCrash] = [],
    causes: [TestName: any ReportedCause] = [:], quarantine: SessionQuarantine = .init(),
    newTests: Set<TestName> = [], unplaced: [UnplacedFailure] = [], stopped: [StoppedStep] = [],
    timeline: SessionTimeline = .init(), interruption: SessionInterruption? = nil,
    name: String = "cleanslate test"
  ) -> String {
    let orphans =
      crashes.filter { $0.tests.isEmpty }.enumerated().map { index, crash in
        Orphan(
          name: "test process crash \(index + 1)", type: "crash",
          message: String(crash.line.dropFirst("Crashed: ".count)),
          text: crash.crash.excerpt.joined(separator: "\n"))
      }
      + unplaced.enumerated().map { index, failure in
        Orphan(
          name: "unplaced failure \(index + 1)", type: "unplaced",
          message: failure.repetition == 1
            ? failure.words : "\(failure.words) (repetition \(failure.repetition))",
          text: nil)
      }
      + stopped.enumerated().map { index, stopped in
        Orphan(
          name: "stopped step \(index + 1)", type: "stopped",
          message: "\(stopped.step): \(stopped.error)", text: nil)
      }
      + [interruption].compactMap { $0 }.map { interruption in
        Orphan(
          name: "interrupted", type: "interrupted", message: interruption.sentence,
          text: interruption.notRun.isEmpty
            ? nil : "Never ran:\n" + interruption.notRun.map(\.listed).joined(separator: "\n"))
      }
    var suites: [(name: String, records: [TestRecord])] = []
    for record in records {
      let suite = record.name.suite
      if suites.last?.name == suite {
        suites[suites.count - 1].records.append(record)
      } else {
        suites.append((suite, [record]))
      }
    }
    var children = suites.map { suite in
      XUnitNode(
        "testsuite",
        [.init("name", suite.name)]
          + counts(
            suite.records, seconds: timeline.wallSeconds(of: suite.records.map(\.name))),
        children: suite.records.map { record in
          testCase(
            record, cause: causes[record.name], quarantined: quarantine.tests[record.name],
            new: newTests.contains(record.name))
        })
    }
    if !orphans.isEmpty { children.append(cleanSlateSuite(orphans)) }
    return XUnitNode(
      "testsuites",
      [.init("name", name)]
        + counts(records, errors: orphans.count, seconds: timeline.wallSeconds()),
      children: children
    ).document
  }

  private static func testCase(
    _ record: TestRecord, cause: (any ReportedCause)?, quarantined: SessionQuarantine.Note?,
    new: Bool
  ) -> XUnitNode {
    let failed = record.attempts.filter(\.end.isFailure)
    var children: [XUnitNode] = []
    switch record.verdict {
    case .passed: break
    case .skipped: children.append(XUnitNode("skipped"))
    case .flaky: children = failed.map { element("flakyFailure", $0) }
    case .failed, .timedOut:
      children = failed.enumerated().map {
        element($0.offset == 0 ? "failure" : "rerunFailure", $0.element)
      }
    }
    var properties: [XUnitNode] = []
    if let cause {
      properties.append(
        XUnitNode(
          "property", [.init("name", "cleanslate.cause"), .init("value", cause.kindName)]))
      let text = cause.paragraph(for: record.name.listed).joined(separator: "\n")
      children.append(XUnitNode("system-out", text: text))
    }
    if let quarantined {
      properties.append(
        XUnitNode(
          "property",
          [
            .init("name", "cleanslate.quarantined"),
            .init("value", "until \(quarantined.until): \(quarantined.reason)"),
          ]))
    }
    if new {
      let checks = record.attempts.filter(\.check)
      properties.append(
        XUnitNode(
          "property",
          [
            .init("name", "cleanslate.newTest"),
            .init(
              "value", "\(checks.count(where: \.end.isFailure)) of \(checks.count) checks failed"),
          ]))
    }
    if !properties.isEmpty {
      children.insert(XUnitNode("properties", children: properties, inline: true), at: 0)
    }
    return XUnitNode(
      "testcase",
      [
        .init("classname", record.name.suite), .init("name", record.name.function),
        .init("time", seconds(record.seconds)),
      ], children: children)
  }

  /// A failure element; one of a timed-out attempt says so in its type, and holds where the test
  /// was stuck; one of a crashed attempt too, and holds the crash's report.
  private static func element(_ tag: String, _ attempt: TestRecord.Attempt) -> XUnitNode {
    let end = attempt.end
    let type =
      end.outcome == .crashed ? "crash" : end.outcome == .timedOut ? "timeout" : "failure"
    let text = type == "failure" || end.report.isEmpty ? nil : end.report.joined(separator: "\n")
    return XUnitNode(
      tag, [.init("message", end.failure ?? "failed"), .init("type", type)], text: text)
  }

  /// A failure of the run that no test holds: a crash held against no test, or an
  /// ``UnplacedFailure``.
  private struct Orphan {
    var name: String
    var type: String
    var message: String
    var text: String?
  }

  /// The suite of the failures no test holds, a test case each.
  private static func cleanSlateSuite(_ orphans: [Orphan]) -> XUnitNode {
    let cases = orphans.map { orphan in
      let error = XUnitNode(
        "error", [.init("message", orphan.message), .init("type", orphan.type)],
        text: orphan.text)
      return XUnitNode(
        "testcase",
        [
          .init("classname", "cleanslate"), .init("name", orphan.name),
          .init("time", "0.000000"),
        ], children: [error])
    }
    return XUnitNode(
      "testsuite",
      [
        .init("name", "cleanslate"), .init("tests", "\(orphans.count)"), .init("failures", "0"),
        .init("errors", "\(orphans.count)"), .init("skipped", "0"), .init("time", "0.000000"),
      ], children: cases)
  }

  /// The counts of `records` (and `errors` more), and their `time`: `seconds` of wall time when
  /// known, else the sum of their durations.
  private static func counts(
    _ records: [TestRecord], errors: Int = 0, seconds wall: Double?
  ) -> [XUnitNode.Attribute] {
    let failures = records.count(where: { $0.verdict == .failed || $0.verdict == .timedOut })
    let skipped = records.count(where: { $0.verdict == .skipped })
    let time = wall ?? records.reduce(0) { $0 + $1.seconds }
    return [
      .init("tests", "\(records.count + errors)"), .init("failures", "\(failures)"),
      .init("errors", "\(errors)"), .init("skipped", "\(skipped)"), .init("time", seconds(time)),
    ]
  }

  private static func seconds(_ value: Double) -> String {
    let micros = Int64((value * 1e6).rounded())
    let fraction = String(micros % 1_000_000)
    return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }
}
