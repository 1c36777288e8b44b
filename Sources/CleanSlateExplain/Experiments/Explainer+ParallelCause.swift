import CleanSlate
import CleanSlateTestProcess
import Foundation

extension Explainer {
  /// The cause, once the runs at once failed significantly more often: the lead comparison's
  /// runs at once and in order, the tests beside it (`partners`), what they share, the crash and
  /// the frames its crashes went through, and the command that runs them at once until it fails.
  func parallelCause(
    _ trial: Trial<Runner>, evidence: RunEvidence, scope: ParallelScope, partners: [TestName]
  ) -> TestCause {
    let test = trial.test
    let processes = scope.processes
    let lead = trial.comparison(of: .parallel)
    let withFactor =
      lead?.factor ?? trial.rate { $0.experiment == .parallel && $0.condition.atOnce }
    let without =
      lead?.baseline ?? trial.rate { $0.experiment == .parallel && !$0.condition.atOnce }
    let failed = trial.runs(of: .parallel).filter { $0.condition.atOnce && $0.failed }
    let besideText = partners.isEmpty ? "" : ", beside \(Words.tests(partners))"
    var summary =
      processes
      ? "It passes when the tests of its run run one at a time (\(without.passes)), and fails when they run at the same time, each in a test process of its own (\(withFactor))\(besideText)."
      : "It passes when the tests of its process run one at a time (\(without.passes)), and fails when they run at the same time (\(withFactor))\(besideText)."
    let crashes = evidence.crashes + failed.compactMap(\.end.crash)
    if let crash = crashes.last {
      summary += " " + Self.crashed(crash, tests: scope.whole)
    }
    let shared = CrashPaths.shared(by: crashes, tests: scope.whole)
    if !shared.isEmpty {
      summary +=
        " \(shared.crashCount) crashes went through \(shared.path.joined(separator: " → ")), in \(Words.tests(shared.tests)): two of these at once crash the process, whichever test is running it."
    }
    var cause = TestCause(
      processes ? .parallelProcesses : .parallel, summary: summary,
      reproduce: reproduction(of: scope.atOnce(scope.tests(partners)), trial))
    cause.beside = partners.map(\.listed)
    cause.sharedFrames = shared.path
    cause.shared = SharedResource.described(
      in: failed.map {
        (
          $0.launch.traced?.leftBehind([test] + partners) ?? [:], $0.end.failure,
          $0.launch.temporaryDirectory
        )
      },
      of: [test] + partners, acrossProcesses: processes,
      crashPath: shared.isEmpty ? nil : shared.path)
    cause.atOnce = withFactor
    cause.oneAtATime = without
    return cause
  }

  /// A crash of the runs at once, in a sentence: how the process ended, its fatal error, and the
  /// crashed thread's frame that pins it (or its first meaningful one).
  static func crashed(_ crash: TestCrash, tests: [TestName]) -> String {
    var sentence = "Its test process crashed, \(crash.ending)"
    if let fatalError = crash.backtrace?.fatalErrorMessage { sentence += ": \(fatalError)" }
    let frames = crash.backtrace?.frames ?? []
    let frame: CrashBacktrace.Frame? =
      if case .frame(let pinning) = crash.evidence {
        pinning
      } else {
        frames.first {
          CrashPaths.isCodeUnderTest($0, testFunctions: CrashPaths.testFunctions(tests))
        }
          ?? frames.first(where: \.isMeaningful)
      }
    if let frame { sentence += "; in \(frame.briefText)" }
    return sentence + "."
  }
}
