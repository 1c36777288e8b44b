import CleanSlateHistory
import Foundation

/// Sessions to record, as compact as a test needs them.
enum Sessions {
  /// A session at `minute` minutes past a fixed day, on `commit`, whose tests ended as `verdicts`
  /// say (`"A": "passed"`).
  static func make(
    _ id: String, minute: Double = 0, commit: String? = "c1", dirty: Bool = false,
    branch: String? = "main", machine: String = "ci-1", verdicts: [String: String]
  ) -> StoredSession {
    let start = Date(timeIntervalSince1970: 1_790_000_000 + minute * 60)
    return StoredSession(
      id: id, started: start, ended: start.addingTimeInterval(30),
      source: SourceVersion(commit: commit, dirty: dirty, branch: branch), machine: machine,
      command: "cleanslate test", exitStatus: verdicts.values.contains("failed") ? 1 : 0,
      results: verdicts.sorted { $0.key < $1.key }.map { test, verdict in
        result(test, verdict)
      })
  }

  /// The `minute` of ``make(_:minute:commit:dirty:branch:machine:verdicts:)`` that starts a
  /// session `days` days before now: for commands that count days back from today.
  static func minute(daysAgo days: Double) -> Double {
    (Date().timeIntervalSince1970 - days * 86_400 - 1_790_000_000) / 60
  }

  /// A result of `verdict`, with the attempts it implies: a flaky test failed, then passed.
  static func result(_ test: String, _ verdict: String) -> StoredResult {
    switch verdict {
    case "flaky":
      StoredResult(
        test: test, verdict: verdict, runs: 2, failures: 1, seconds: 0.5,
        attempts: [
          StoredAttempt(
            repetition: 1, outcome: "failed", seconds: 0.5, beside: ["Other.Suite/test()"],
            failure: "Expectation failed: 1 == 2"),
          StoredAttempt(repetition: 1, outcome: "passed", seconds: 0.5, alone: true),
        ])
    case "failed":
      StoredResult(
        test: test, verdict: verdict, runs: 2, failures: 2, seconds: 0.5,
        attempts: [
          StoredAttempt(
            repetition: 1, outcome: "crashed", seconds: 0.5, failure: "it crashed",
            signal: "signal 11 (SIGSEGV)", frame: "Module.Type.function()"),
          StoredAttempt(
            repetition: 1, outcome: "failed", seconds: 0.5, alone: true,
            failure: "Expectation failed"),
        ])
    default:
      StoredResult(test: test, verdict: verdict, runs: 1, failures: 0, seconds: 0.5)
    }
  }
}
