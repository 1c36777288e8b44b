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
  package static func run(
    _ arguments: [String], environment: [String: String] = [:]
  ) async throws
    -> Result
  {
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
