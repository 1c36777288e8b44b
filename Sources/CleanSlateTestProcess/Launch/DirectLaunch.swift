import CleanSlate
import CleanSlateChildProcess
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One launch of a ``TestProcessPlan``, started directly: its XCTest processes (a few at a time
/// under `--parallel`), then its Swift Testing process, each watched against its tests' time
/// limits when asked, and what they printed and how they ended put together as `swift test` would
/// print it.
///
/// Swift Testing's process always writes an event stream (the command's, or one of the run's
/// own): it says which tests ended, and which had started and not ended when a process died.
struct DirectLaunch {
  let plan: TestProcessPlan
  let options: SwiftTestOptions
  let environment: [String: String]
  let directory: String
  let watch: SwiftTestWatch?
  /// Where Swift Testing writes its events when the command asks for none.
  let eventStream: URL
  /// Whether a crashed process's report holds addresses to name (``QuickCrashReports``).
  var symbolizesCrashes = false
  /// What ends its test processes when asked to.
  var interruption: LaunchInterruption?

  /// One process's end, its output and what its watch saw.
  private struct Ended: Sendable {
    var end: ProcessEnd
    var output: String
    var seconds: Double
    var followed: SwiftTestWatch.Followed
    var specifier: String?
  }

  func run() async throws -> LaunchOutput {
    var ended = try await runXCTest()
    if let process = plan.swiftTesting, interruption?.signal == nil {
      ended.append(try await runSwiftTesting(process))
    }
    var result = LaunchOutput(
      status: ended.contains(where: \.end.failed) ? 1 : 0,
      standardOutput: ended.map(\.output).joined(), standardError: "")
    for process in ended {
      if case .signalled(let signal) = process.end.termination, !process.end.endedAtALimit,
        ![SIGINT, SIGKILL, SIGTERM].contains(signal)
      {
        // What swift test prints of a test process that died of a signal.
        result.standardError +=
          "error: Process '\(process.end.command.joined(separator: " "))' exited with unexpected signal code \(signal)\n"
      }
      result.hung += process.followed.hung
      result.swiftTestingEnded.merge(process.followed.swiftTestingEnded) { $1 }
      result.processes.append(process.end)
    }
    if options.parallel, let xunit = options.xunitOutput, options.runsXCTest {
      let entries = ended.compactMap { process in
        process.specifier.map {
          ParallelXUnit.Entry(
            specifier: $0, succeeded: !process.end.failed, seconds: process.seconds)
        }
      }
      try? Data(ParallelXUnit.document(entries).utf8).write(to: URL(fileURLWithPath: xunit))
    }
    return result
  }

  /// Runs the XCTest processes, `plan.workers` at a time, and returns their ends in the order
  /// they were started.
  private func runXCTest() async throws -> [Ended] {
    let processes = plan.xctest
    guard !processes.isEmpty else { return [] }
    return try await withThrowingTaskGroup(of: (Int, Ended).self) { group in
      var results: [Int: Ended] = [:]
      var next = 0
      func startNext() {
        guard next < processes.count, interruption?.signal == nil else { return }
        let index = next
        next += 1
        group.addTask { (index, try await self.run(processes[index], events: nil)) }
      }
      for _ in 0..<plan.workers { startNext() }
      while let (index, ended) = try await group.next() {
        results[index] = ended
        startNext()
      }
      return processes.indices.compactMap { results[$0] }
    }
  }

  private func runSwiftTesting(_ process: TestProcessPlan.Process) async throws -> Ended {
    var process = process
    let events: URL
    if let asked = options.eventStream {
      events = URL(fileURLWithPath: asked)
    } else {
      events = eventStream
      try? FileManager.default.createDirectory(
        at: events.deletingLastPathComponent(), withIntermediateDirectories: true)
      // As if the command had asked for it, before `--testing-library swift-testing`: at the
      // toolchain's own version (no version asked), since an older one changes what the tests
      // see — Swift Testing holds back warning-severity issues from a consumer of a version
      // before 6.3, and a test that counts its issues then fails where `swift test` passes it.
      process.command.insert(
        contentsOf: ["--experimental-event-stream-output", events.path],
        at: process.command.count - 2)
    }
    defer { if options.eventStream == nil { try? FileManager.default.removeItem(at: events) } }
    return try await run(process, events: events)
  }

  /// Starts `process`, follows it with the watch (if any), and reads how it ended.
  private func run(_ process: TestProcessPlan.Process, events: URL?) async throws -> Ended {
    let started = ContinuousClock.now
    let ran = try await WatchedProcess.run(
      process.command, environment: environment.merging(process.environment) { $1 },
      directory: directory, watch: watch, eventStream: events, interruption: interruption)
    var followed = ran.followed
    var standardError = ran.standardError
    if symbolizesCrashes, case .signalled = ran.termination, followed.hung.isEmpty {
      standardError = await QuickCrashReports.symbolized(standardError)
    }
    // As swift test prints them: the process's standard output, then what it wrote on standard
    // error (Swift Testing's report, a crash's backtrace), on standard output.
    let output = ran.standardOutput + standardError
    var end = ProcessEnd(
      framework: process.framework, command: process.command, termination: ran.termination,
      standardError: standardError, endedAtALimit: !followed.hung.isEmpty, tests: process.tests)
    switch process.framework {
    case .xctest:
      let read = XCTestOutput(output: output)
      end.unfinished = read.unfinishedTests
      end.report = read.report
    case .swiftTesting:
      var tests = StartedTests()
      let text = events.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
      tests.read(events: text, at: .now)
      end.unfinished = tests.running.keys.sorted()
      end.report = tests.report
      end.report.summary = FrameworkReport.swiftTestingSummary(in: output)
      followed.swiftTestingEnded.merge(tests.ended) { $1 }
    }
    return Ended(
      end: end, output: output, seconds: (ContinuousClock.now - started).inSeconds,
      followed: followed,
      specifier: options.parallel && process.framework == .xctest ? process.tests?.first : nil)
  }
}
