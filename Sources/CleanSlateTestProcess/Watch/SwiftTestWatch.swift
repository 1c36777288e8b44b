package import CleanSlate
package import CleanSlateChildProcess
package import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Watches the tests of one `swift test` as they run: against a time limit, when it has one,
/// ending the test process of a test that passes it, so that a hung test fails, named, and the
/// run goes on; and for its progress (``TestProgress``), telling each test's end as it is read and
/// each test still running past ``slowAfter``, again every period.
///
/// It follows which tests run from what the frameworks say as they go (``StartedTests``) and times
/// each one from its own start. A test with a CleanSlate scope may set its own limit, which its
/// process announces. When a test passes its limit, the watch records where it was stuck before
/// it ends the process: what CleanSlate knew of it, which the test process writes when asked with
/// `SIGUSR1` (``HangReportRequests``), then every thread's stack (``ThreadStacks``).
package struct SwiftTestWatch: Sendable {
  /// How long a test may run, unless it sets its own limit; `nil`: as long as it takes, whatever
  /// limit a test sets (the watch only tells the progress).
  package var limit: Duration?
  /// How long a test runs before it is told slow (``TestProgress/Kind/slow(running:)``), and
  /// again each time as long; `nil`: never.
  package var slowAfter: Duration?
  /// Who hears the progress; `nil`: no one.
  package var progress: TestProgress.Listener?
  /// Where the run's event stream goes, and the test processes' reports.
  package let directory: URL
  /// Whether a hung test's report is made (what CleanSlate knew, the threads' stacks); without,
  /// its process is ended at once.
  package var reports = true
  /// How often the watch looks.
  var tick: Duration = .milliseconds(200)
  /// How long a test process may take to write its report when asked.
  var reportWait: Duration = .seconds(5)

  /// A watch of tests against `limit` (none when `nil`), whose files go in `directory` (which it
  /// creates), telling `progress` each end, and each test still running past `slowAfter`.
  package init(
    limit: Duration?, directory: URL, slowAfter: Duration? = nil,
    progress: TestProgress.Listener? = nil
  ) {
    self.limit = limit
    self.directory = directory
    self.slowAfter = slowAfter
    self.progress = progress
  }

  /// The arguments for `swift test` that make Swift Testing tell each test's start and end, at
  /// the toolchain's own version of the stream (an older one changes which issues the tests see).
  package var arguments: [String] { ["--experimental-event-stream-output", eventStream.path] }

  /// The variables that ask CleanSlate's test processes for their report and their tests' limits.
  package var environment: [String: String] {
    [HangReportRequests.variable: directory.path]
  }

  private var eventStream: URL { directory.appendingPathComponent("events.jsonl") }

  /// What a watch saw of one `swift test`.
  package struct Followed: Sendable {
    /// The tests that passed their limits, each ended with its test process.
    package var hung: [HungTest] = []
    /// The Swift Testing tests its event stream says passed or were skipped
    /// (``StartedTests/ended``): the results of a test process ended before it wrote its XUnit
    /// file.
    package var swiftTestingEnded: [TestName: TestEnd] = [:]
  }

  /// Follows the tests of `running` (a `swift test`, or a test process itself) until it ends,
  /// and ends the test process of each test that passes its limit; returns those tests, and the
  /// Swift Testing tests that ended. Swift Testing's events are read from `eventStream` (by
  /// default the one ``arguments`` asks `swift test` for).
  package func follow(_ running: ChildProcess.Running, eventStream: URL? = nil) async -> Followed {
    let eventStream = eventStream ?? self.eventStream
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var started = StartedTests()
    var hung: [HungTest] = []
    var eventsRead = 0
    var slow = SlowTests(period: slowAfter)
    // It looks each tick, and once more the moment the process ends: a watch that only ticked
    // kept every launch waiting up to a tick after its last test process was gone.
    let (looks, look) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let ticks = Task { [tick] in
      while !Task.isCancelled {
        try? await Task.sleep(for: tick)
        look.yield()
      }
    }
    defer { ticks.cancel() }
    Task {
      _ = try? await running.wait()
      look.yield()
      look.finish()
    }
    for await _ in looks {
      guard running.ended == nil else { break }
      let now = ContinuousClock.now
      started.read(xcTestLines: running.linesSoFar, at: now)
      started.read(events: newEvents(of: eventStream, after: &eventsRead), at: now)
      tell(started.takeEnds() + slow.due(among: started.running.values, at: now))
      guard limit != nil else { continue }
      let limits = announcedLimits()
      let over = started.running.values.filter { test in
        limit(of: test.name, limits).map { now - test.since >= $0 } ?? false
      }
      .sorted { $0.since < $1.since }
      guard let first = over.first,
        let pid = TestProcessTree.testProcess(under: running.processIdentifier)
      else { continue }
      // The tests of the other framework run in another process, later.
      let ended = over.filter { $0.isXCTest == first.isXCTest }
      hung += await end(ended, limits: limits, process: pid, at: now)
      // Tests that ended while the report was made
      started.read(events: newEvents(of: eventStream, after: &eventsRead), at: .now)
      started.forget(xcTest: first.isXCTest)
    }
    // What the process wrote before it ended, and was not read yet.
    started.read(xcTestLines: await running.allLines(), at: .now)
    started.read(events: newEvents(of: eventStream, after: &eventsRead), at: .now)
    tell(started.takeEnds())
    return Followed(hung: hung, swiftTestingEnded: started.ended)
  }

  /// Tells ``progress`` each of `events`.
  private func tell(_ events: [TestProgress]) {
    guard let progress else { return }
    for event in events { progress(event) }
  }

  /// The limit of the test its framework calls `name`: its own, if its process announced one,
  /// else the watch's.
  private func limit(of name: String, _ limits: [String: Duration]) -> Duration? {
    if let own = limits[name] { return own }
    return limits.first { TestName($0.key).isNamed(name) }?.value ?? limit
  }

  /// Ends the test process `pid`, in which `tests` passed their limits, once their report is made.
  private func end(
    _ tests: [StartedTests.Running], limits: [String: Duration], process pid: Int32,
    at now: ContinuousClock.Instant
  ) async -> [HungTest] {
    var known: [String: String]?
    var stacks: [String] = []
    // The processes the test process started: a child it forked and that is stuck (before its
    // exec, say) would outlive it, and where it is stuck may be why the test hung.
    let started = TestProcessTree.descendants(of: pid)
    if reports {
      known = await cleanSlateReport(of: pid)
      stacks = await ThreadStacks.of(pid, indent: "    ")
      for child in started.prefix(3) where ThreadStacks.executable(named: "gdb") != nil {
        let childStacks = await ThreadStacks.of(child, indent: "    ")
        guard !childStacks.isEmpty else { continue }
        stacks.append("  Where each thread of a process it started (pid \(child)) was:")
        stacks += childStacks
      }
    }
    for process in [pid] + started { kill(process, SIGKILL) }
    return tests.map { test in
      var report: [String] = []
      if reports {
        if let known {
          let section = known.first {
            TestName($0.key).isNamed(test.name)
          }
          if let section {
            report.append("  What CleanSlate knew of it:")
            report += section.value.split(separator: "\n").map { "    \($0)" }
          } else {
            report.append(
              "  CleanSlate knew nothing of it: it ran in no CleanSlate scope (a plain XCTestCase, or a Swift Testing test without the .cleanSlate trait)."
            )
          }
        } else {
          report.append(
            "  CleanSlate knew nothing of it: its test process ran no CleanSlate scope.")
        }
        report.append("  Where each thread of its test process (pid \(pid)) was:")
        report += stacks
      }
      return HungTest(
        name: test.name, limit: limit(of: test.name, limits) ?? .zero, ran: now - test.since,
        report: report)
    }
  }

  /// What CleanSlate knows of each running test of the process `pid`, by test name; `nil` when
  /// the process does not answer (it runs no CleanSlate scope).
  private func cleanSlateReport(of pid: Int32) async -> [String: String]? {
    let watchFile = HangReportRequests.watchFile(in: directory.path, pid: pid)
    guard FileManager.default.fileExists(atPath: watchFile) else { return nil }
    let reportFile = HangReportRequests.reportFile(in: directory.path, pid: pid)
    try? FileManager.default.removeItem(atPath: reportFile)
    kill(pid, SIGUSR1)
    let deadline = ContinuousClock.now + reportWait
    while ContinuousClock.now < deadline {
      if let text = try? String(contentsOfFile: reportFile, encoding: .utf8) {
        return HangReport.sections(in: text)
      }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return [:]
  }

  /// The limits the test processes announced, by test name.
  private func announcedLimits() -> [String: Duration] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var limits: [String: Duration] = [:]
    for file in files where file.hasSuffix(".watch") {
      let path = directory.appendingPathComponent(file).path
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
      limits.merge(HangReportRequests.limits(in: text)) { $1 }
    }
    return limits
  }

  /// The complete lines of `eventStream` written since `offset` (in bytes), which moves past them.
  private func newEvents(of eventStream: URL, after offset: inout Int) -> String {
    guard let handle = FileHandle(forReadingAtPath: eventStream.path) else { return "" }
    defer { try? handle.close() }
    try? handle.seek(toOffset: UInt64(offset))
    let data = (try? handle.readToEnd()) ?? Data()
    guard let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) else { return "" }
    let complete = data[data.startIndex...lastNewline]
    offset += complete.count
    return String(decoding: complete, as: UTF8.self)
  }
}
