package import CleanSlate
package import CleanSlateTestProcess
import CleanSlateTrace

/// The `--summary-json` document of a run: every test with its verdict, how many times it ran
/// and failed, and its mean duration in seconds:
///
/// ```json
/// {"tests":[{"name":"Tests.A/testB","outcome":"flaky","runs":2,"failures":1,"duration":0.004}]}
/// ```
///
/// A test `--explain` explained has its `"cause"` too (``ReportedCause/writeJSON(to:)``), and a test
/// that ran in a test process that crashed the number of such runs, `"crashes"`; a quarantined
/// test its entry, `"quarantined": {"until", "reason", "flakySince"}`; a test checked as new its
/// checks, `"newTest": {"checks", "failed"}`. When a test
/// process crashed, a `"crashes"` list follows the tests, one object a crash
/// (``SessionCrash/write(to:)``); when a framework reported a failure no test accounts for
/// (``UnplacedFailure``), an `"unplaced"` list follows, one object a failure:
/// `{"failure":"the Swift Testing process … exited with status 1, …","repetition":1}`; when a step
/// after the tests ran stopped on an error (``StoppedStep``), a `"stopped"` list, one object a
/// step: `{"step":"--explain","error":"…"}`; with `--until-failure`, an `"untilFailure"` object:
/// how many repetitions ran and which failed first (``UntilFailure/write(to:)``); when a signal
/// stopped the session (``SessionInterruption``), an `"interrupted"` object:
/// `{"signal":"SIGTERM","exitStatus":143,"repetition":1,"running":["…"],"notRun":["…"]}`.
package enum SummaryJSON {
  /// The document for `session`, one test and one crash a line.
  package static func text(_ session: FinishedSession) -> String {
    text(
      session.result.records, crashes: session.result.crashes, causes: session.causes,
      quarantine: session.quarantine, newTests: Set(session.newTests),
      unplaced: session.result.unplaced, stopped: session.stopped,
      untilFailure: session.untilFailure, interruption: session.result.interruption)
  }

  /// The document for `records`, `crashes` and `causes`, under `quarantine`, with `newTests`
  /// checked and the failures no test accounts for, `unplaced`, one test, crash and failure a
  /// line.
  package static func text(
    _ records: [TestRecord], crashes: [SessionCrash] = [],
    causes: [TestName: any ReportedCause] = [:], quarantine: SessionQuarantine = .init(),
    newTests: Set<TestName> = [], unplaced: [UnplacedFailure] = [], stopped: [StoppedStep] = [],
    untilFailure: UntilFailure? = nil, interruption: SessionInterruption? = nil
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
      if let note = quarantine.tests[record.name] {
        json.raw(",\"quarantined\":{\"until\":")
        json.string(note.until)
        json.raw(",\"reason\":")
        json.string(note.reason)
        json.raw(",\"flakySince\":")
        json.string(note.flakySince)
        json.raw("}")
      }
      if newTests.contains(record.name) {
        let checks = record.attempts.filter(\.check)
        json.raw(",\"newTest\":{\"checks\":")
        json.number(checks.count)
        json.raw(",\"failed\":")
        json.number(checks.count(where: \.end.isFailure))
        json.raw("}")
      }
      json.raw("}")
    }
    json.raw("\n]")
    list("crashes", crashes, to: &json) { crash, json in crash.write(to: &json) }
    list("unplaced", unplaced, to: &json) { failure, json in
      json.raw("{\"failure\":")
      json.string(failure.words)
      json.raw(",\"repetition\":")
      json.number(failure.repetition)
      json.raw("}")
    }
    list("stopped", stopped, to: &json) { stopped, json in
      json.raw("{\"step\":")
      json.string(stopped.step)
      json.raw(",\"error\":")
      json.string(stopped.error)
      json.raw("}")
    }
    if let untilFailure {
      json.raw(",\"untilFailure\":")
      untilFailure.write(to: &json)
    }
    if let interruption {
      json.raw(",\"interrupted\":{\"signal\":")
      json.string(interruption.signalName)
      json.raw(",\"exitStatus\":")
      json.number(Int(interruption.exitStatus))
      json.raw(",\"repetition\":")
      json.number(interruption.repetition)
      for (key, tests) in [("running", interruption.running), ("notRun", interruption.notRun)] {
        json.raw(",\"\(key)\":[")
        for (index, test) in tests.enumerated() {
          if index > 0 { json.raw(",") }
          json.string(test.listed)
        }
        json.raw("]")
      }
      json.raw("}")
    }
    json.raw("}\n")
    return json.text
  }

  /// Appends the list `key` of `items`, one a line, each written by `write`; nothing when there
  /// are none.
  private static func list<Item>(
    _ key: String, _ items: [Item], to json: inout JSONText,
    write: (Item, inout JSONText) -> Void
  ) {
    guard !items.isEmpty else { return }
    json.raw(",\"\(key)\":[")
    for (index, item) in items.enumerated() {
      json.raw(index == 0 ? "\n" : ",\n")
      write(item, &json)
    }
    json.raw("\n]")
  }
}
