import Dispatch
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return await withCheckedContinuation { continuation in
      // Off Swift concurrency's threads: reading both pipes to their end blocks.
      DispatchQueue.global().async {
        let errorData = ErrorReader(error.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        continuation.resume(
          returning: Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.wait(), as: UTF8.self)))
      }
    }
  }
}

/// Reads a pipe to its end on a queue of its own, so that a full pipe never stalls the child.
private final class ErrorReader: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    DispatchQueue.global().async { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
