package import CleanSlate

/// A package's tests, as `swift test list --skip-build` prints them: `Module.Class/testMethod`
/// (XCTest); `Module.Suite/test()`, `Module.Outer/Inner/test(x:)` and, for a test declared
/// outside any suite, `Module.test()` (Swift Testing, raw identifiers such as
/// `` Module.`adds two numbers`() `` included), in the order `swift test` runs them.
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
    return names(in: result.standardOutput)
  }

  /// The tests named in what `swift test list` printed, `output`, each once (two `private` test
  /// functions of one name in different files list alike, and run as one name's filter selects
  /// both), in order.
  package static func names(in output: String) -> [TestName] {
    output.split(separator: "\n").map(String.init).filter(isTestName).firstOfEach()
      .map { TestName($0) }
  }

  /// Whether a line of `swift test list` is a test's name, not a message of the build: a module's
  /// name (an identifier), a `.`, then a Swift Testing test, which ends with its parameters'
  /// parentheses (`Suite/test()`, `test(x:)`, `` `adds two numbers`() ``), or an XCTest one,
  /// `Class/testMethod`.
  static func isTestName(_ line: String) -> Bool {
    guard let dot = line.firstIndex(of: "."), line.index(after: dot) < line.endIndex else {
      return false
    }
    let module = line[..<dot]
    guard let first = module.first, first.isLetter || first == "_",
      module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else { return false }
    let test = line[line.index(after: dot)...]
    if test.hasSuffix(")") { return test.contains("(") }
    return test.contains("/") && !test.contains(where: \.isWhitespace)
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
