package import CleanSlate
package import CleanSlateTestProcess

/// Lists a package's tests with `swift test list`, and launches each step of bisect as `swift
/// test --skip-build` would, through a ``TestLauncher`` (the built tests started directly): exact
/// names, one test at a time (`--no-parallel`), the victim last, the sentinel on and a lifecycle
/// trace per launch.
///
/// A step is judged by the victim's own end (``Launch/end(of:)``), never by the exit status of
/// `swift test`, which other tests' failures set too. The sentinel only warns
/// (`CLEANSLATE_SENTINEL_MODE=warn`, which holds for sentinels the package's tests turn on
/// themselves as well): what it saw is evidence, in the trace, and never decides whether the
/// victim passed.
package struct BisectLauncher: TestLaunching {
  /// What starts the runs, of the package it was made for.
  package let launcher: TestLauncher
  /// Whether runs watch process state (`CLEANSLATE_SENTINEL=1`), so that the trace of the run
  /// that fails says what the polluters left behind; `CLEANSLATE_SENTINEL=0` otherwise.
  package var watchesState = true

  package init(launcher: TestLauncher, watchesState: Bool = true) {
    self.launcher = launcher
    self.watchesState = watchesState
  }

  /// Every test of the package, in the order `swift test` runs them.
  package func list() async throws -> [TestName] {
    let packagePath = launcher.packagePath
    do {
      return try await SwiftTestList.tests(packagePath: packagePath)
    } catch SwiftTestList.Failure.notBuilt {
      throw BisectError(
        .buildMissing,
        "No test build in \(packagePath): bisect runs swift test --skip-build. Build the tests first: swift build --build-tests --package-path \(packagePath)"
      )
    } catch let SwiftTestList.Failure.buildFolderInUse(output) {
      throw BisectError(.swiftTestFailed, SwiftTestList.inUse(packagePath, output: output))
    } catch let SwiftTestList.Failure.failed(status, output) {
      throw BisectError(.swiftTestFailed, "swift test list failed (status \(status)):\n\(output)")
    }
  }

  /// The launch of `tests`, one at a time, watched when the launcher watches, with a trace.
  package func request(for tests: [TestName]) -> LaunchRequest {
    var request = LaunchRequest(tests)
    request.oneAtATime = true
    request.sentinel = watchesState
    request.traced = true
    // A crash costs a step a tenth of a second, not the seconds the runtime's names take.
    request.quickCrashReports = true
    return request
  }

  /// Launches `tests`, the victim last; throws when a launch of the victim alone ran no test
  /// (the name matched none).
  package func launch(_ tests: [TestName]) async throws -> Launch {
    let launch = try await launcher.launch(request(for: tests))
    if tests.count == 1, let victim = tests.first, launch.end(of: victim) == nil,
      launch.crashes.isEmpty
    {
      throw BisectError(
        .unknownVictim,
        "\(victim) did not run: swift test --filter '\(victim.filter)' matched no test.")
    }
    return launch
  }
}
