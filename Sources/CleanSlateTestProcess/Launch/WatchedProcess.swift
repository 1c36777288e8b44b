import CleanSlateChildProcess
import Foundation

/// A test command run to its end — `swift test`, or a test process started directly — with what
/// it prints read as it comes, so that a ``SwiftTestWatch``, when one is given, follows its tests
/// and ends the process of a test that passes its time limit.
struct WatchedProcess {
  /// What it printed on standard output, a line each.
  var lines: [String]
  /// What it printed on standard error.
  var standardError: String
  /// How it ended.
  var termination: ChildProcess.Termination
  /// What the watch saw: the tests it ended, and the Swift Testing tests that ended.
  var followed: SwiftTestWatch.Followed

  /// Runs `command` (its program an absolute path, or `/usr/bin/env` and a name) with exactly
  /// `environment`, in `directory`, followed by `watch`, which reads Swift Testing's events from
  /// `eventStream` (by default the one its ``SwiftTestWatch/arguments`` ask `swift test` for),
  /// and held by `interruption` while it runs, which ends it when asked to.
  static func run(
    _ command: [String], environment: [String: String], directory: String,
    watch: SwiftTestWatch?, eventStream: URL? = nil, interruption: LaunchInterruption? = nil
  ) async throws -> WatchedProcess {
    // XCTest's lines go to a pipe, which holds them until it has 4 KiB: a watch that follows
    // them as they come has the test process write each line at once (`stdbuf -oL`, which the
    // environment of `swift test` passes on to its test processes).
    let lineByLine = watch != nil && ThreadStacks.executable(named: "stdbuf") != nil
    let running = try await ChildProcess(
      command: lineByLine ? ["/usr/bin/env", "stdbuf", "-oL"] + command : command,
      environment: environment, directory: directory
    ).start()
    interruption?.track(running)
    defer { interruption?.release(running) }
    let watching = Task {
      await watch?.follow(running, eventStream: eventStream) ?? SwiftTestWatch.Followed()
    }
    let lines = await running.allLines()
    let standardError = await running.errorOutput()
    let termination = try await running.wait()
    return WatchedProcess(
      lines: lines, standardError: standardError, termination: termination,
      followed: await watching.value)
  }

  /// What it printed on standard output, each line ended with a newline.
  var standardOutput: String { lines.map { $0 + "\n" }.joined() }
}
