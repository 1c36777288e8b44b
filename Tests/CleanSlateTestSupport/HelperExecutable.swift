import CleanSlate
import Dispatch
package import Foundation

/// An executable of this package that tests run as a child process (a probe): SwiftPM builds
/// it next to the test bundle.
package struct HelperExecutable: Sendable {
  /// What a finished run of the executable printed, and how it ended.
  package struct Outcome: Sendable {
    package let status: Int32
    package let standardOutput: String
    package let standardError: String
  }

  package let url: URL

  /// The executable at `url`.
  package init(url: URL) {
    self.url = url
  }

  /// Finds the executable called `name` next to the running test bundle.
  package init(named name: String) throws {
    var directories = [Bundle.main.bundleURL]
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for directory in directories {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        url = candidate
        return
      }
    }
    throw HelperExecutableNotFound(name: name, searched: directories.map(\.path))
  }

  /// Runs the executable with `arguments` to its end, off Swift concurrency's threads, in
  /// `environment` (by default this process's).
  package func run(
    _ arguments: [String], environment: [String: String]? = nil
  ) async throws -> Outcome {
    let process = Process()
    // In `/`: a parallel test may have made the current directory its sandbox, gone by the time
    // the helper starts (Foundation then says the executable does not exist).
    process.currentDirectoryURL = URL(fileURLWithPath: "/", isDirectory: true)
    process.executableURL = url
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    return await offThread {
      // Read both to the end before waiting, so that a full pipe cannot stall the child.
      let errorData = Locked(Data())
      let errorReader = DispatchQueue(label: "HelperExecutable.stderr")
      let errorDone = DispatchSemaphore(value: 0)
      errorReader.async {
        errorData.withLock { $0 = error.fileHandleForReading.readDataToEndOfFile() }
        errorDone.signal()
      }
      let outputData = output.fileHandleForReading.readDataToEndOfFile()
      errorDone.wait()
      process.waitUntilExit()
      return Outcome(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData.value, as: UTF8.self))
    }
  }
}

/// The helper executable is not where SwiftPM puts executables for tests.
package struct HelperExecutableNotFound: Error, CustomStringConvertible {
  package let name: String
  package let searched: [String]

  package var description: String {
    "No executable '\(name)' in \(searched.joined(separator: ", ")); build the package's tests with swift build --build-tests."
  }
}

/// Runs blocking work on a dispatch thread, not on one of Swift concurrency's few threads.
package func offThread<R: Sendable>(_ work: @escaping @Sendable () -> R) async -> R {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: work()) }
  }
}
