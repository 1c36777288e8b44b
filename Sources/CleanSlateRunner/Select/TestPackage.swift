package import CleanSlate
package import CleanSlateTestProcess

/// The package whose tests `cleanslate test` runs: builds its tests and lists them, with the
/// build options among the arguments given after `--`.
package struct TestPackage: Sendable {
  /// The package's directory.
  package let path: String
  /// The arguments given after `--`, for `swift test`.
  package let arguments: [String]

  /// The package at `path`, run with `arguments`.
  package init(path: String, arguments: [String] = []) {
    self.path = path
    self.arguments = arguments
  }

  /// The build command, as a user types it.
  package var buildInvocation: SwiftTestInvocation {
    SwiftTestInvocation(
      environment: [],
      arguments: ["build", "--build-tests", "--package-path", path]
        + SwiftTestArguments.buildOptions(arguments))
  }

  /// Builds the tests (`swift build --build-tests`); throws with the build's output when it fails.
  /// `interruption`, once asked, ends the build.
  package func build(interruption: LaunchInterruption? = nil) async throws {
    let result = try await SwiftCommand.run(buildInvocation.arguments, interruption: interruption)
    if let signal = interruption?.signal { throw LaunchInterrupted(signal: signal) }
    guard result.status == 0 else {
      throw RunnerError(
        .buildFailed,
        "\(result.standardOutput)\(result.standardError)\nThe tests did not build (\(buildInvocation), status \(result.status))."
      )
    }
  }

  /// Every test, as `swift test list --skip-build` prints them; with `besideARun`, while a
  /// `swift test` runs (`--ignore-lock`: SwiftPM lets one command at a time use the build folder).
  package func list(besideARun: Bool = false) async throws -> [TestName] {
    do {
      return try await SwiftTestList.tests(
        packagePath: path,
        options: SwiftTestArguments.listOptions(arguments) + (besideARun ? ["--ignore-lock"] : []))
    } catch SwiftTestList.Failure.notBuilt {
      throw RunnerError(
        .buildMissing,
        "No test build in \(path): --skip-build runs the tests as they were last built. Build them first (\(buildInvocation)), or leave out --skip-build."
      )
    } catch let SwiftTestList.Failure.buildFolderInUse(output) {
      throw RunnerError(.listFailed, SwiftTestList.inUse(path, output: output))
    } catch let SwiftTestList.Failure.failed(status, output) {
      throw RunnerError(.listFailed, "swift test list failed (status \(status)):\n\(output)")
    }
  }
}
