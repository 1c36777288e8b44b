import CleanSlate
import CleanSlateTestProcess
import Foundation

/// What `cleanslate test` prints as the session goes, and its summary at the end: each launch as
/// one block (``LaunchEcho``), each repetition and retry, each experiment's run; notes on standard
/// error.
package struct TerminalReporter: SessionReporter {
  /// The session and its causes, for the summary at the end.
  private let heard = Locked(HeardSession())
  /// Writes a line, or a block of lines, at once.
  private let print: @Sendable (String) -> Void
  /// Writes a note.
  private let note: @Sendable (String) -> Void

  /// A reporter to standard output (notes to standard error), or to `print` and `note`.
  package init(
    print: @escaping @Sendable (String) -> Void = TerminalReporter.standardOutput,
    note: @escaping @Sendable (String) -> Void = TerminalReporter.standardError
  ) {
    self.print = print
    self.note = note
  }

  package func receive(_ event: SessionEvent) {
    if let session = heard.hearing(event) {
      print(session.summary.lines.map { $0 + "\n" }.joined())
      return
    }
    switch event {
    case .note(let line): note(line)
    case let .progress(test, kind, _):
      if let line = Self.progressLine(test, kind) { print(line) }
    case .launched(let launch):
      // One block, written at once: the command, what it printed, where each hung test was
      // stuck. (Printed line by line, another stream's lines landed inside a stack.)
      print(LaunchEcho.text(of: launch))
    case let .repetition(number, count): print("Repetition \(number) of \(count)\n")
    case let .retried(test, attempt, outcome):
      print("Retried \(test) alone (attempt \(attempt)): \(outcome.rawValue)\n")
    case let .explaining(tests, budget, together):
      print(Self.explainingHeading(tests: tests, budget: budget, together: together))
    case let .goingOn(tests, within):
      print(
        "Going on with the pending explanation\(tests == 1 ? "" : "s") of \(tests) test\(tests == 1 ? "" : "s") that passed (within \(Self.seconds(within)) in all):\n"
      )
    case let .experimentRan(test, run):
      let outcome = run.passed ? "passed" : "failed" + (run.failure.map { ": \($0)" } ?? "")
      print("  \(test): \(run.what): \(outcome)\n")
    case .sessionEnded, .explained, .stepStopped, .finished: break
    }
  }

  /// The line of a test's progress, as it happens: `PASS Module.Suite/test() (0.002 s)`, `FAIL …`,
  /// `SKIP …`, or `SLOW Module.Suite/test() has run 60 s` while it runs; none for its start.
  static func progressLine(_ test: TestName, _ kind: TestProgress.Kind) -> String? {
    switch kind {
    case .started: return nil
    case let .ended(outcome, seconds):
      let word =
        switch outcome {
        case .passed: "PASS"
        case .skipped: "SKIP"
        default: "FAIL"
        }
      let time = seconds.map { " (\(HangReport.seconds(.seconds($0), decimals: 3)))" } ?? ""
      return "\(word) \(test)\(time)\n"
    case .slow(let running):
      return "SLOW \(test) has run \(seconds(running))\n"
    }
  }

  /// The line `--explain` starts with: how many tests, and the budget each explanation gets —
  /// `Explaining 29 tests that failed (a budget of 60 s each; 28 whose crashes went through the
  /// same code explained once, with 300 s):`.
  static func explainingHeading(
    tests: Int, budget: Duration, together: [SessionEvent.ExplainedTogether]
  ) -> String {
    let groups = together.map { group in
      "\(group.tests) whose crashes went through the same code explained once, with \(seconds(group.budget))"
    }
    let each = (["a budget of \(seconds(budget)) each"] + groups).joined(separator: "; ")
    return "Explaining \(tests) test\(tests == 1 ? "" : "s") that failed (\(each)):\n"
  }

  /// A budget in whole seconds: `60 s`.
  private static func seconds(_ duration: Duration) -> String {
    "\(Int(duration.inSeconds.rounded())) s"
  }

  /// Writes `text` to standard output at once.
  package static let standardOutput: @Sendable (String) -> Void = { text in
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes `line` to standard error, after what standard output holds.
  package static let standardError: @Sendable (String) -> Void = { line in
    FileHandle.standardError.write(Data("\(line)\n".utf8))
  }
}
