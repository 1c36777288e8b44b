import CleanSlateChildProcess
import Foundation

/// Runs the `swift` driver (`swift test ...`) to its end and collects what it printed, its tests
/// watched against a time limit when asked.
package enum SwiftCommand {
  /// Runs `swift` (found on `PATH`) with `arguments`, adding `environment` to `base` (by default
  /// this process's environment as it is now; a caller inside a test process gives the one the
  /// process started with, since a parallel test may have set variables meanwhile), in
  /// `directory` (by default this process's current directory, the one `cleanslate` was started
  /// in; a caller inside a test process gives its own, since a parallel test may have made the
  /// current directory its sandbox and removed it).
  ///
  /// A command that another one started with `--ignore-lock` (a shard beside others on one
  /// machine) kept from opening the build database (`database is locked`) ran nothing: it is run
  /// again, up to 5 times, a little later each time.
  ///
  /// With a `watch`, a test that passes its time limit is ended with its test process
  /// (``LaunchOutput/hung``); its output is read as it comes. The result shows no test
  /// process: `swift test` starts them, unseen. With an `interruption`, the command is ended
  /// with every process under it when the interruption is asked for.
  package static func run(
    _ arguments: [String], environment: [String: String] = [:], base: [String: String]? = nil,
    directory: String = FileManager.default.currentDirectoryPath, watch: SwiftTestWatch? = nil,
    interruption: LaunchInterruption? = nil
  ) async throws -> LaunchOutput {
    var attempt = 1
    while true {
      let result = try await runOnce(
        arguments + (watch?.arguments ?? []),
        environment: (base ?? ProcessInfo.processInfo.environment).merging(environment) { $1 }
          .merging(watch?.environment ?? [:]) { $1 }, directory: directory, watch: watch,
        interruption: interruption)
      guard result.status != 0, attempt < 5, interruption?.signal == nil,
        Self.foundBuildDatabaseLocked(result.standardError)
      else { return result }
      try await Task.sleep(for: .milliseconds(100 * attempt))
      attempt += 1
    }
  }

  /// Whether `output` is SwiftPM saying another command held the build database, so that the
  /// command ran nothing.
  package static func foundBuildDatabaseLocked(_ output: String) -> Bool {
    output.contains("accessing build database") && output.contains("database is locked")
  }

  private static func runOnce(
    _ arguments: [String], environment: [String: String], directory: String,
    watch: SwiftTestWatch?, interruption: LaunchInterruption?
  ) async throws -> LaunchOutput {
    let process = try await WatchedProcess.run(
      ["/usr/bin/env", "swift"] + arguments,
      environment: environment, directory: directory, watch: watch, interruption: interruption)
    var result = LaunchOutput(
      status: process.termination.status, standardOutput: process.standardOutput,
      standardError: process.standardError)
    result.hung = process.followed.hung
    result.swiftTestingEnded = process.followed.swiftTestingEnded
    return result
  }
}
