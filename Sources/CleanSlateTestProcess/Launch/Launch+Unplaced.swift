import CleanSlate
import CleanSlateChildProcess

extension Launch {
  /// The failures of a launch of `tests` that its count does not account for
  /// (``UnplacedFailure``), by what each test process's framework said (``FrameworkReport``)
  /// against ``ends``, ``crashes`` and ``hung``; for a launch through `swift test`, by its exit
  /// status alone.
  func unplacedFailures(in output: LaunchOutput, of tests: [TestName]) -> [UnplacedFailure] {
    guard output.direct else {
      guard output.status != 0, crashes.isEmpty, hung.isEmpty,
        !tests.contains(where: { ends[$0]?.isFailure ?? true })
      else { return [] }
      return [
        UnplacedFailure(
          "swift test exited with status \(output.status), and none of its \(tests.count) tests failed"
        )
      ]
    }
    return output.processes.flatMap { unplacedFailures(of: $0, among: tests) }
  }

  private func unplacedFailures(
    of process: ProcessEnd, among tests: [TestName]
  )
    -> [UnplacedFailure]
  {
    let program = process.command.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
    let framework = process.framework == .xctest ? "XCTest" : "Swift Testing"
    let own = tests.filter { test in
      (test.isSwiftTesting == (process.framework == .swiftTesting))
        && (process.tests.map { $0.contains(test.listed) } ?? true)
    }
    var found: [UnplacedFailure] = []
    for name in process.report.started.firstOfEach()
    where !own.contains(where: { $0.isNamed(name) }) {
      found.append(
        UnplacedFailure("\(framework) ran \(name), which is not among the tests counted"))
    }
    for name in process.report.failed.firstOfEach() {
      guard let test = own.first(where: { $0.isNamed(name) }), let end = ends[test],
        !end.isFailure
      else { continue }
      found.append(
        UnplacedFailure(
          "\(framework) failed \(test.listed), which was counted as \(end.outcome.rawValue)"))
    }
    for words in process.report.outside {
      found.append(UnplacedFailure("\(framework) recorded a failure outside any test: \(words)"))
    }
    guard found.isEmpty, process.failed, !process.crashed, !process.endedAtALimit,
      !own.contains(where: { ends[$0]?.isFailure ?? true })
    else { return found }
    let status: String =
      switch process.termination {
      case .exited(let status): "exited with status \(status)"
      case .signalled(let signal): "ended by signal \(signal)"
      }
    // Its last words without their full stop: the line goes on.
    let said =
      process.report.summary.map { ": " + ($0.hasSuffix(".") ? $0.dropLast() : $0[...]) } ?? ""
    return [
      UnplacedFailure(
        "the \(framework) process \(program ?? "") \(status), and none of its \(own.count) tests failed\(said)"
      )
    ]
  }
}
