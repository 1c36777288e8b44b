import CleanSlate
import CleanSlateTestProcess

extension SessionCrash {
  /// Its line in the summary of a run, what happened first and what the run made of it last:
  ///
  /// ```
  /// Crashed: Tests.A/testX, signal 4 (SIGILL): Fatal error: boom (A.swift:9); its frame A.testX() (A.swift:9:5) pins it.
  /// Crashed: Tests.A/testX, signal 4 (SIGILL); it was the only test running in its process.
  /// Crashed: signal 11 (SIGSEGV) while 2 tests ran (Tests.S/a(), Tests.S/b()); no frame named one, and it did not come back when they ran again: a failed attempt of each.
  /// Crashed: signal 11 (SIGSEGV) while no test was running; it is held against no test.
  /// ```
  package var line: String {
    let repetition =
      repetitions > 1 || repetition > 1 ? " in repetition \(repetition)" : ""
    let what = (crash.backtrace?.fatalErrorMessage ?? crash.backtrace?.problem).map { ": \($0)" }
    let happened: String
    switch blame {
    case .pinned(let test):
      happened = "\(test), \(ending)\(repetition)\(what ?? "")"
    case .crashedAgain, .notReproduced, .noTestRunning:
      happened = "\(ending)\(repetition) while \(runningTests)\(what ?? "")"
    }
    return "Crashed: \(happened); \(judgement)."
  }

  /// How the process ended: `signal 4 (SIGILL)`, `exit status 1 before its tests ended`.
  private var ending: String {
    if crash.exitStatus != nil { return "\(crash.ending) before its tests ended" }
    return crash.ending
  }

  /// The tests that were running: `no test was running`, `2 tests ran (A/x(), A/y())`, the first
  /// five named.
  private var runningTests: String {
    let running = crash.running
    guard !running.isEmpty else { return "no test was running" }
    let named = running.prefix(5).map(\.listed).joined(separator: ", ")
    let more = running.count > 5 ? " and \(running.count - 5) more" : ""
    return "\(running.count) test\(running.count == 1 ? "" : "s") ran (\(named)\(more))"
  }

  /// What the run made of it.
  private var judgement: String {
    switch blame {
    case .pinned:
      switch crash.evidence {
      case .frame(let frame):
        return "its frame \(frame.briefText) pins it"
      case .onlyTestRunning: return "it was the only test running in its process"
      case .onlyTestInProcess, nil: return "it was the only test its process ran"
      }
    case .crashedAgain(let test):
      return "no frame named one, and it came back in \(test) when they ran again"
    case .notReproduced:
      return
        "no frame named one, and it did not come back when they ran again: a failed attempt of each"
    case .noTestRunning:
      return "it is held against no test"
    }
  }
}
