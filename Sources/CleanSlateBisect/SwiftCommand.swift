import CleanSlateChildProcess
import Foundation

/// Runs the `swift` driver (`swift test ...`) to its end and collects what it printed.
package enum SwiftCommand {
  /// How a run of `swift` ended and what it printed.
  package struct Result: Sendable {
    /// Its exit status.
    package var status: Int32
    /// What it printed on standard output.
    package var standardOutput: String
    /// What it printed on standard error.
    package var standardError: String
  }

  /// Runs `swift` (found on `PATH`) with `arguments`, adding `environment` to this process's.
  ///
  /// A command that another one started with `--ignore-lock` (a shard beside others on one
  /// machine) kept from opening the build database (`database is locked`) ran nothing: it is run
  /// again, up to 5 times, a little later each time.
  package static func run(
    _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> Result {
    var attempt = 1
    while true {
      let result = try await runOnce(arguments, environment: environment)
      guard result.status != 0, attempt < 5,
        result.standardError.contains("accessing build database"),
        result.standardError.contains("database is locked")
      else { return result }
      try await Task.sleep(for: .milliseconds(100 * attempt))
      attempt += 1
    }
  }

  private static func runOnce(
    _ arguments: [String], environment: [String: String]
  ) async throws -> Result {
    let outcome = try await ChildProcess(
      "/usr/bin/env", ["swift"] + arguments,
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
      directory: FileManager.default.currentDirectoryPath
    ).run()
    return Result(
      status: outcome.status, standardOutput: outcome.standardOutput,
      standardError: outcome.standardError)
  }
}
