internal import CleanSlate
package import Foundation

/// Lists and runs a package's tests with `swift test --skip-build`: exact names, one test at a
/// time (`--no-parallel`), the sentinel on and a lifecycle trace per run.
package struct SwiftTestRunner: TestRunner {
  /// The package's directory.
  package let packagePath: String
  /// Where each run's results and trace go.
  package let workDirectory: URL
  /// Whether runs watch process state (`CLEANSLATE_SENTINEL=1`), so that the trace of the run
  /// that fails says what the polluters left behind.
  package var watchesState = true
  private let counter = RunCounter()

  package init(packagePath: String, workDirectory: URL, watchesState: Bool = true) {
    self.packagePath = packagePath
    self.workDirectory = workDirectory
    self.watchesState = watchesState
  }

  /// Every test of the package, in the order `swift test` runs them.
  package func list() async throws -> [String] {
    let result = try await SwiftCommand.run([
      "test", "list", "--skip-build", "--package-path", packagePath,
    ])
    guard result.status == 0 else {
      let output = result.standardError + result.standardOutput
      if output.contains("Test build artifacts were not found")
        || output.contains("doesn't exist in file system")
      {
        throw BisectError(
          .buildMissing,
          "No test build in \(packagePath): bisect runs swift test --skip-build. Build the tests first: swift build --build-tests --package-path \(packagePath)"
        )
      }
      throw BisectError(
        .swiftTestFailed, "swift test list failed (status \(result.status)):\n\(output)")
    }
    return result.standardOutput.split(separator: "\n").map(String.init).filter(isTestName)
  }

  package func run(_ tests: [String], victim: String) async throws -> TestRunOutcome {
    let number = counter.next()
    let results = workDirectory.appendingPathComponent("run-\(number).xml").path
    let trace = workDirectory.appendingPathComponent("run-\(number).jsonl").path
    var arguments = [
      "test", "--skip-build", "--package-path", packagePath, "--no-parallel",
      "--filter", SwiftTestFilter.matching(tests), "--xunit-output", results,
    ]
    // Each framework runs in a process of its own: one that has no test to run is skipped.
    if !tests.contains(where: SwiftTestFilter.isSwiftTesting) {
      arguments.append("--disable-swift-testing")
    }
    if tests.allSatisfy(SwiftTestFilter.isSwiftTesting) { arguments.append("--disable-xctest") }
    var environment = ["CLEANSLATE_TRACE": trace]
    if watchesState { environment["CLEANSLATE_SENTINEL"] = "1" }
    let result = try await SwiftCommand.run(arguments, environment: environment)
    let passed: Bool?
    if SwiftTestFilter.isSwiftTesting(victim) {
      let file =
        tests.allSatisfy(SwiftTestFilter.isSwiftTesting)
        ? results : results.replacingOccurrences(of: ".xml", with: "-swift-testing.xml")
      passed = XUnitResults.passed(
        victim, in: (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
    } else {
      passed = XCTestOutput.passed(victim, in: result.standardOutput + result.standardError)
    }
    guard let passed else {
      guard tests.count > 1 else {
        throw BisectError(
          .unknownVictim,
          "\(victim) did not run: swift test --filter '\(SwiftTestFilter.matching([victim]))' matched no test."
        )
      }
      // The run ended before the victim did (a crash): it did not pass.
      return TestRunOutcome(victimPassed: false, tracePath: existing(trace))
    }
    return TestRunOutcome(victimPassed: passed, tracePath: existing(trace))
  }

  private func existing(_ path: String) -> String? {
    FileManager.default.fileExists(atPath: path) ? path : nil
  }

  /// Whether a line of `swift test list` is a test's name, `Module.Type/test`, not a message of
  /// the build.
  private func isTestName(_ line: String) -> Bool {
    guard let slash = line.firstIndex(of: "/"), !line.hasPrefix("["),
      !line.hasPrefix("error"), !line.hasPrefix("warning")
    else { return false }
    return line[..<slash].contains(".") && !line[..<slash].contains(" ")
  }
}

/// Numbers runs, from 1.
private final class RunCounter: Sendable {
  private let count = Locked(0)

  func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}
