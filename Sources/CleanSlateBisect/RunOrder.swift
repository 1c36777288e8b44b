import CleanSlate
package import CleanSlateReport
import Foundation

/// Which tests ran before the victim: from `swift test list` (the order `swift test` runs them
/// in, one at a time), or from a lifecycle trace of the run where the victim failed.
package enum RunOrder {
  /// The listed tests that run before `victim`, in order; with `trace`, only those the trace
  /// shows starting before it (`swift test` still runs them in its own order).
  package static func earlier(
    than victim: String, listed: [String], trace: TraceLog? = nil
  ) throws(BisectError) -> [String] {
    guard let index = listed.firstIndex(of: victim) else {
      let lastPart = victim.split(separator: "/").last.map(String.init) ?? victim
      let similar = listed.filter { $0.hasSuffix("/" + lastPart) || $0.contains(victim) }
      throw BisectError(
        .unknownVictim,
        "No test named \(victim) in the package (swift test list)."
          + (similar.isEmpty
            ? " Give its full name, as swift test list prints it: Module.Type/test."
            : " Did you mean: \(similar.prefix(5).joined(separator: ", "))?"))
    }
    let before = Array(listed[..<index])
    guard let trace else { return before }
    let started = startTimes(in: trace)
    guard let victimStart = started[key(victim)] else { return before }
    return before.filter { test in started[key(test)].map { $0 < victimStart } ?? false }
  }

  /// When each test (by ``key(_:)``) first began in the trace, in microseconds.
  private static func startTimes(in trace: TraceLog) -> [String: Int64] {
    var started: [String: Int64] = [:]
    for process in trace.processes {
      for timed in process.events
      where timed.event.phase == .scopeBegin && timed.event.scope == .test {
        let name = key(timed.event.scopeName)
        started[name] = min(started[name] ?? .max, timed.timeMicros)
      }
    }
    return started
  }

  /// What a test's listed name (`Module.Type/test`) and its name in a trace (`Type.test` in
  /// XCTest, `Type/test()` in Swift Testing) have in common: `Type.test`.
  package static func key(_ name: String) -> String {
    var name = Substring(name)
    if let slash = name.firstIndex(of: "/"), let dot = name[..<slash].firstIndex(of: ".") {
      name = name[name.index(after: dot)...]
    }
    return name.replacingOccurrences(of: "/", with: ".")
  }
}

/// What the sentinel said the polluters left behind, from a lifecycle trace.
package enum LeftBehind {
  /// The sentinel's reports (their first lines and items) about `tests`, in trace order.
  package static func reports(about tests: [String], in trace: TraceLog) -> [String] {
    let wanted = Set(tests.map(RunOrder.key))
    var reports: [String] = []
    for process in trace.processes {
      for timed in process.events
      where timed.event.phase == .issue && timed.event.issueCode == "stateLeaked"
        && wanted.contains(RunOrder.key(timed.event.scopeName))
      {
        guard let message = timed.event.message else { continue }
        let summary = message.components(separatedBy: "\n  watched from:").first ?? message
        if !reports.contains(summary) { reports.append(summary) }
      }
    }
    return reports
  }
}
