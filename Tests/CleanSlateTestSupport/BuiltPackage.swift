import CleanSlate
import CleanSlateChildProcess
import Foundation

/// A package of this repository (an example, a fixture) whose tests a test runs with `swift test
/// --skip-build` or a `cleanslate` command: built once per test process, on first use, by one
/// `swift build` that every test asking for it awaits. Builds run one at a time: each compiles
/// with every core, beside the tests that run meanwhile.
package enum BuiltPackage {
  /// The package's build failed.
  package struct BuildFailed: Error, CustomStringConvertible {
    /// The package's directory.
    package let path: String
    /// What the build printed.
    package let output: String

    /// The command that failed, and the end of what it printed.
    package var description: String {
      "swift build --build-tests --package-path \(path) failed:\n\(output.suffix(4_000))"
    }
  }

  private struct Builds {
    var byPath: [String: Task<String, any Error>] = [:]
    /// The build started last: the next one starts once it has ended.
    var last: Task<String, any Error>?
  }

  private static let builds = Locked(Builds())

  /// The directory of the package at `relativePath` from the repository's root, its tests built
  /// (`swift build --build-tests`); throws when the build fails.
  package static func tests(at relativePath: String) async throws -> String {
    let build = builds.withLock { builds in
      if let build = builds.byPath[relativePath] { return build }
      let previous = builds.last
      let build = Task {
        _ = try? await previous?.value
        return try await Self.build(relativePath)
      }
      builds.byPath[relativePath] = build
      builds.last = build
      return build
    }
    return try await build.value
  }

  private static func build(_ relativePath: String) async throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent(relativePath).path
    let outcome = try await ChildProcess(
      "/usr/bin/env", ["swift", "build", "--build-tests", "--package-path", path],
      environment: StartingEnvironment.variables
    ).run(combiningErrorWithOutput: true)
    guard outcome.succeeded else { throw BuildFailed(path: path, output: outcome.standardOutput) }
    return path
  }
}
