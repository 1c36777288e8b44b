import CleanSlate
import CleanSlateTestProcess
package import CleanSlateTrace

extension SessionCrash {
  /// Writes it as one JSON object of a `--summary-json` document:
  ///
  /// ```json
  /// {"repetition":1,"signal":4,"verdict":"pinned","tests":["Tests.A/testX"],"pinnedBy":"frame",
  ///  "frame":{"symbol":"A.testX()","location":"/src/A.swift:9:5"},"running":["Tests.A/testX"],
  ///  "fatalError":"Fatal error: boom (A.swift:9)","problem":"Illegal instruction at 0x00007f…",
  ///  "summary":"Tests.A/testX, signal 4 (SIGILL): …","backtrace":["Fatal error: boom (A.swift:9)", "…"]}
  /// ```
  ///
  /// `"signal"` is `"exitStatus"` for a process that exited before its tests ended. `"verdict"`
  /// is `pinned` (with `"pinnedBy"`: `frame`, `onlyTestRunning` or `onlyTestInProcess`),
  /// `crashedAgain`, `notReproduced` or `noTestRunning`; `"tests"` are the tests it is held
  /// against (``tests``), each with it as a failed attempt. `"summary"` is its line in the
  /// summary (``line``), `"backtrace"` the runtime's report, cut (``TestCrash/excerpt``).
  package func write(to json: inout JSONText) {
    json.raw("{\"repetition\":")
    json.number(repetition)
    if let signal = crash.signal {
      json.raw(",\"signal\":\(signal)")
    } else if let status = crash.exitStatus {
      json.raw(",\"exitStatus\":\(status)")
    }
    json.raw(",\"verdict\":\"\(blameName)\",\"tests\":")
    json.strings(tests.map(\.listed))
    if case .pinned = blame, let evidence = crash.evidence {
      switch evidence {
      case .frame(let frame):
        json.raw(",\"pinnedBy\":\"frame\",\"frame\":{\"symbol\":")
        json.string(frame.symbol)
        if let location = frame.location {
          json.raw(",\"location\":")
          json.string(location)
        }
        json.raw("}")
      case .onlyTestRunning: json.raw(",\"pinnedBy\":\"onlyTestRunning\"")
      case .onlyTestInProcess: json.raw(",\"pinnedBy\":\"onlyTestInProcess\"")
      }
    }
    json.raw(",\"running\":")
    json.strings(crash.running.map(\.listed))
    if let message = crash.backtrace?.fatalErrorMessage {
      json.raw(",\"fatalError\":")
      json.string(message)
    }
    if let problem = crash.backtrace?.problem {
      json.raw(",\"problem\":")
      json.string(problem)
    }
    json.raw(",\"summary\":")
    json.string(String(line.dropFirst("Crashed: ".count)))
    json.raw(",\"backtrace\":")
    json.strings(crash.excerpt)
    json.raw("}")
  }

  private var blameName: String {
    switch blame {
    case .pinned: "pinned"
    case .crashedAgain: "crashedAgain"
    case .notReproduced: "notReproduced"
    case .noTestRunning: "noTestRunning"
    }
  }
}
