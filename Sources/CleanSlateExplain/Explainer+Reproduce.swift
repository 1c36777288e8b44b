import CleanSlate
import CleanSlateTestProcess

extension Explainer {
  /// The line that reproduces `condition`: its command, run in a loop that stops at the first
  /// failure unless it failed in at least nine of ten of the runs made here; with the time limit
  /// the runs had when they timed out (`CLEANSLATE_TEST_TIMEOUT`, which CleanSlate's tests heed
  /// under a plain `swift test`); and, when it never failed here, a comment that says so
  /// (`# did not fail in 40 runs here`), so that a line is never offered as more than it is.
  func reproduction(of condition: RunCondition, _ trial: Trial<Runner>) -> String {
    let rate = trial.rate(of: condition)
    guard var command = trial.command(of: condition) else { return "" }
    let timedOut = trial.observations.contains {
      $0.condition == condition && $0.end.outcome == .timedOut
    }
    if timedOut, let timeLimit,
      !command.environment.contains(where: { $0.name == Self.timeoutVariable })
    {
      let seconds = Int(timeLimit.inSeconds.rounded(.up))
      command.environment.append(.init(name: Self.timeoutVariable, value: String(seconds)))
    }
    let everyTime = rate.failures > 0 && rate.failures * 10 >= rate.runs * 9
    var line = everyTime ? "\(command)" : "while \(command); do :; done"
    if rate.failures == 0 {
      line +=
        rate.runs == 0
        ? "  # not run here" : "  # did not fail in \(Words.count(rate.runs, "run")) here"
    }
    return line
  }

  /// The variable that gives CleanSlate's tests a time limit under a plain `swift test`.
  static var timeoutVariable: String { "CLEANSLATE_TEST_TIMEOUT" }
}
