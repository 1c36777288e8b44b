import CleanSlate
package import CleanSlateChildProcess
import Dispatch
package import Foundation

/// An executable of this package that tests run as a child process (a probe): SwiftPM builds
/// it next to the test bundle.
package struct HelperExecutable: Sendable {
  /// What a finished run of the executable printed, and how it ended.
  package struct Outcome: Sendable {
    /// Its exit status, or the number of the signal that ended it.
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

  /// Runs the executable with `arguments` to its end, in `environment` (by default the one this
  /// process started with: a parallel test may have set variables since), in `directory` (by
  /// default `/`: a parallel test may have made the current directory its sandbox, gone by the
  /// time the helper starts; name a package's directory to run it as a user does, from there).
  package func run(
    _ arguments: [String], environment: [String: String]? = nil, in directory: String = "/"
  ) async throws -> Outcome {
    let outcome = try await ChildProcess(
      url.path, arguments, environment: environment ?? StartingEnvironment.variables,
      directory: directory
    ).run()
    return Outcome(
      status: outcome.status, standardOutput: outcome.standardOutput,
      standardError: outcome.standardError)
  }

  /// Starts the executable with `arguments` in the background, in `environment` and
  /// `directory` (by default the environment this process started with, and `/`), through
  /// `prefix` if given (`setpriv` and its options, say: then give a directory that user can
  /// enter).
  package func start(
    _ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil,
    through prefix: [String] = []
  ) async throws -> ChildProcess.Running {
    try await ChildProcess(
      command: prefix + [url.path] + arguments,
      environment: environment ?? StartingEnvironment.variables, directory: directory?.path ?? "/"
    ).start()
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
