import CleanSlate
package import CleanSlateReport
package import CleanSlateTestProcess
package import CleanSlateTrace
import Foundation

/// Writes the HTML lifecycle report of the session's trace when the session is over, with why
/// each explained test failed and every crash of a test process.
///
/// Each test's bar shows how the session's launch of it ended (``Launch/end(of:)``, what the
/// records are made of), not what the trace says: a test whose process crashed or was ended at
/// its time limit has no end in the trace, and a failure its framework recorded outside
/// CleanSlate's scopes is not in it. The trace only refines what the launch said: a test that
/// passed with a known issue, and an argument case that passed in a parameterized test that
/// failed. It knows which trace lines each launch wrote by the trace's length when the launch
/// ended.
package struct HTMLReporter: SessionReporter {
  /// The file.
  package var path: String
  /// The session's lifecycle trace (`CLEANSLATE_TRACE`).
  package var trace: String
  private let heard = Locked(HeardSession())
  /// Each launch so far: how long the trace was when it ended, and how each of its tests ended,
  /// by ``TestName/traceKey``.
  private let launches = Locked<[(traceLength: Int, outcomes: [String: TestEnd.Outcome])]>([])

  package init(path: String, trace: String) {
    self.path = path
    self.trace = trace
  }

  package func receive(_ event: SessionEvent) throws(RunnerError) {
    if case .launched(let launch) = event {
      let length = (try? FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0
      var outcomes: [String: TestEnd.Outcome] = [:]
      for test in Set(launch.ends.keys).union(launch.crashes.flatMap(\.running)) {
        outcomes[test.traceKey] = launch.end(of: test)?.outcome
      }
      launches.withLock { $0.append((length, outcomes)) }
    }
    guard let session = heard.hearing(event) else { return }
    let result = session.result
    let explained = result.records.compactMap { record in
      session.causes[record.name]?.explanation(of: record.name.listed)
    }
    let crashes = result.crashes.map { crash in
      SummaryCrash(
        summary: String(crash.line.dropFirst("Crashed: ".count)),
        tests: crash.tests.map(\.listed), backtrace: crash.crash.excerpt)
    }
    let html = HTMLReport.render(
      try report(), title: "cleanslate test", explained: explained, crashes: crashes,
      stoppedEarly: result.interruption.map { [$0.line] } ?? [])
    try write(html, to: path)
  }

  /// The report of the trace, each test's outcome the launch's that wrote it. A package whose
  /// tests use no CleanSlate scope writes no trace: the report still shows the run's causes and
  /// crashes.
  private func report() throws(RunnerError) -> LifecycleReport {
    guard FileManager.default.fileExists(atPath: trace) else { return LifecycleReport(TraceLog()) }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: trace))
    } catch {
      throw RunnerError(
        .cannotWrite, "cannot write \(path): its trace \(trace): \(error.localizedDescription)")
    }
    // The lines each launch wrote, read on their own: the processes of launch `k`.
    var log = TraceLog()
    var launchOf: [Int] = []  // a process's launch, by its index in `log`
    var start = 0
    let launches = launches.value
    for (number, launch) in launches.enumerated() {
      let end = min(launch.traceLength, data.count)
      let part = Data(data[data.startIndex + start..<data.startIndex + max(start, end)])
      start = max(start, end)
      guard part.contains(where: { !Set(" \t\r\n".utf8).contains($0) }) else { continue }
      do {
        // (a warning's line is counted in the launch's lines)
        try TraceReader.read(part, from: "\(trace), launch \(number + 1)", into: &log)
      } catch {
        // Lines that are no launch's own: the trace is read whole, as it says.
        return try whole(data)
      }
      launchOf += Array(repeating: number, count: log.processes.count - launchOf.count)
    }
    guard start == data.count else { return try whole(data) }
    let launchOfProcess = launchOf
    return LifecycleReport(log) { @Sendable process, span in
      let outcome = launches[launchOfProcess[process]].outcomes[TestName.traceKey(span.name)]
      return Self.outcome(outcome, traced: span)
    }
  }

  /// The report of the whole trace, outcomes as it says.
  private func whole(_ data: Data) throws(RunnerError) -> LifecycleReport {
    var log = TraceLog()
    do {
      try TraceReader.read(data, from: trace, into: &log)
    } catch {
      throw RunnerError(.cannotWrite, "cannot write \(path): its trace \(trace): \(error)")
    }
    return LifecycleReport(log)
  }

  /// The bar's outcome for a test the launch says ended as `outcome` (`nil`: it did not end, its
  /// process crashed before it), refined by what the trace says of it (`traced`).
  package static func outcome(
    _ outcome: TestEnd.Outcome?, traced span: TestSpan
  ) -> LifecycleReport.TestOutcome {
    let ended = span.end != nil
    switch outcome {
    case .passed?: return ended && span.outcome == .knownIssue ? .knownIssue : .passed
    case .failed?:
      // A parameterized test failed: the cases that passed still passed.
      let casePassed = span.argumentCase != nil && ended && (span.outcome ?? .passed) == .passed
      return casePassed ? .passed : .failed
    case .skipped?: return .skipped
    case .timedOut?: return .timedOut
    case .crashed?, nil: return .unfinished
    }
  }
}
