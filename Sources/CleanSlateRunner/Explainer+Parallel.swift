internal import CleanSlateReport
internal import CleanSlateTestProcess

extension Explainer {
  /// The parallel experiment: `nil` unless the test fails with the tests of its process at once
  /// significantly more often than alone and with them in order.
  ///
  /// The runs at once are watched by the sentinel (in warn mode), so that the paragraph can say
  /// what the tests share. Where the tests run at once each in a process of its own (XCTest's
  /// under `swift test --parallel`), the cause is ``TestCause/Kind/parallelProcesses``: what
  /// they share is outside the processes.
  func parallel(_ trial: Trial<Runner>, together: [String]) async throws -> TestCause? {
    let processes = runner.runsAtOnceInProcessesOfTheirOwn(trial.test)
    let tests = Self.count(together.count, "test")
    let atOnce =
      processes
      ? "with the \(tests) of its run at once, each in a process of its own"
      : "with the \(tests) of its process at once"
    let inOrder =
      processes
      ? "with the \(tests) of its run in order" : "with the \(tests) of its process in order"
    let watchedAtOnce = ExperimentCondition(atOnce: true, watchesState: true)
    var failed: [ExperimentRun] = []
    for _ in 0..<3 {
      let run = try await trial.run(together, atOnce, condition: watchedAtOnce)
      if !run.passed { failed.append(run) }
    }
    guard !failed.isEmpty else { return nil }
    _ = try await trial.run(together, inOrder)
    // Every run one test at a time (alone, after the earlier tests, in order) counts on the other
    // side.
    var fails = Arm(together, atOnce, watchedAtOnce, rate: trial.rate(of: atOnce))
    var passes = Arm(together, inOrder, .init(), rate: trial.rate { $0.what != atOnce })
    guard try await significant(trial, &fails, &passes) else { return nil }
    failed = trial.failedRuns(of: atOnce)
    var beside = together.filter { test in failed.contains { $0.beside.contains(test) } }
    var reproduce = trial.command(of: atOnce)
    // The tests of its own suite that ran beside it, when they alone make it fail.
    let mates = beside.filter { Self.suite(of: $0) == Self.suite(of: trial.test) }
    if !mates.isEmpty, mates.count < beside.count {
      let run = try await trial.run(
        together.filter { mates.contains($0) || $0 == trial.test },
        "at once with \(Self.list(mates))", condition: watchedAtOnce)
      if !run.passed {
        beside = mates
        reproduce = run.command.map { "\($0)" } ?? reproduce
        failed.append(run)
      }
    }
    let besideText = beside.isEmpty ? "" : ", beside \(Self.list(beside))"
    var summary =
      processes
      ? "It passes alone and in order (\(passes.rate.passes)), and fails when it runs at the same time as the other tests of its run, each in a test process of its own (\(fails.rate))\(besideText)."
      : "It passes alone and in order (\(passes.rate.passes)), and fails when the tests of its process run at the same time (\(fails.rate))\(besideText)."
    if let crash = failed.lazy.compactMap(\.crash).first {
      summary += " " + Self.crashed(crash)
    }
    var cause = TestCause(
      processes ? .parallelProcesses : .parallel, summary: summary, reproduce: reproduce)
    cause.beside = beside
    cause.shared = SharedResource.described(
      in: failed, of: [trial.test] + (beside.isEmpty ? together : beside),
      acrossProcesses: processes)
    return cause
  }

  /// A crash of the runs at once, in a sentence: how the process ended, its fatal error, and
  /// the crashed thread's frame that pins it (or its first meaningful one).
  static func crashed(_ crash: TestCrash) -> String {
    var sentence = "Its test process crashed, \(crash.ending)"
    if let fatalError = crash.backtrace?.fatalErrorMessage { sentence += ": \(fatalError)" }
    let frame: CrashBacktrace.Frame? =
      if case .frame(let pinning) = crash.evidence {
        pinning
      } else {
        crash.backtrace?.frames.first(where: \.isMeaningful)
      }
    if let frame { sentence += "; in \(frame.briefText)" }
    return sentence + "."
  }

  /// `Module.Suite` of `Module.Suite/test()`.
  private static func suite(of test: String) -> Substring {
    test[..<(test.lastIndex(of: "/") ?? test.endIndex)]
  }
}
