package import CleanSlate

/// A package's tests, as `swift test list --skip-build` prints them: `Module.Class/testMethod`
/// (XCTest), `Module.Suite/test()` (Swift Testing), in the order `swift test` runs them.
package enum SwiftTestList {
  /// Why the tests could not be listed.
  package enum Failure: Error, Equatable {
    /// The package has no test build.
    case notBuilt
    /// Another SwiftPM command held the build database (`database is locked`), so `swift test
    /// list` ran nothing; its output, which says "no tests found", is not why.
    case buildFolderInUse(output: String)
    /// `swift test list` failed otherwise, with this status and output.
    case failed(status: Int32, output: String)
  }

  /// The tests of the package at `packagePath`, `options` (build options: `-c release`, traits)
  /// passed on; throws ``Failure`` when `swift test list` fails.
  ///
  /// While another SwiftPM command builds or tests the package, the listing is retried a few
  /// times (``SwiftCommand/run(_:environment:base:directory:watch:)``), then fails with
  /// ``Failure/buildFolderInUse(output:)``.
  package static func tests(
    packagePath: String, options: [String] = []
  ) async throws -> [TestName] {
    let result = try await SwiftCommand.run(
      ["test", "list", "--skip-build", "--package-path", packagePath] + options)
    guard result.status == 0 else {
      let output = result.standardError + result.standardOutput
      if output.contains("Test build artifacts were not found")
        || output.contains("doesn't exist in file system")
      {
        throw Failure.notBuilt
      }
      if SwiftCommand.foundBuildDatabaseLocked(output) {
        throw Failure.buildFolderInUse(output: output)
      }
      throw Failure.failed(status: result.status, output: output)
    }
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    return lines.filter(isTestName).map { TestName($0) }
  }

  /// Whether a line of `swift test list` is a test's name, `Module.Type/test`, not a message of
  /// the build.
  private static func isTestName(_ line: String) -> Bool {
    guard let slash = line.firstIndex(of: "/"), !line.hasPrefix("["),
      !line.hasPrefix("error"), !line.hasPrefix("warning")
    else { return false }
    return line[..<slash].contains(".") && !line[..<slash].contains(" ")
  }
}

extension SwiftTestList {
  /// What to tell a user whose tests at `path` could not be listed because another SwiftPM
  /// command held the build folder (``Failure/buildFolderInUse(output:)``), with SwiftPM's own
  /// `output` after it.
  package static func inUse(_ path: String, output: String) -> String {
    "The tests could not be listed: another SwiftPM command is using \(path)'s build folder (its build database is locked), so swift test list ran nothing. Run again once it has ended.\n\(output)"
  }
}
