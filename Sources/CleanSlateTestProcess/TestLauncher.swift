import CleanSlate
import CleanSlateChildProcess
package import Foundation

/// Runs a package's tests, each run a `swift test …` command line: started directly as the test
/// processes that command would start (``TestProcessPlan``), from the product its build left,
/// with exactly the arguments and environment SwiftPM would give them, and no SwiftPM at all; or,
/// where that way is not known (another platform, another build layout, an option that needs
/// SwiftPM at run time), through `swift test` itself.
///
/// SwiftPM takes 3 to 9 seconds to start a test of a few milliseconds, and evaluates every
/// manifest again when the environment differs from its last run (18 to 41 seconds on a server
/// app): every rerun of `cleanslate test`, each experiment of `--explain` and each step of
/// `cleanslate bisect` runs through here, after one build.
package final class TestLauncher: Sendable {
  /// How the runs start.
  package enum Way: Sendable, Equatable {
    /// The built tests, directly.
    case direct(BuiltTests)
    /// `swift test`, and why not directly.
    case swiftTest(because: String)
  }

  /// How the runs start.
  package let way: Way
  /// The package's directory.
  package let packagePath: String
  /// The build options of the runs (`-c release`, `--traits …`).
  package let buildOptions: [String]
  /// The directory the runs start in, unless a run says otherwise: `cleanslate`'s current
  /// directory, where `swift test` would start them.
  package let directory: String
  /// Where runs keep their event streams while they read them.
  private let workDirectory: URL
  private let counter = RunCounter()
  private let xctests = Locked<[String]?>(nil)

  /// A launcher of `way`'s, for the package at `packagePath` built with `buildOptions`, whose
  /// files go in `workDirectory` (which it creates), whose runs start in `directory` (by default
  /// this process's current directory; a caller inside a test process gives its own, since a
  /// parallel test may have made the current directory its sandbox and removed it).
  package init(
    way: Way, packagePath: String, buildOptions: [String] = [], workDirectory: URL,
    directory: String = FileManager.default.currentDirectoryPath
  ) {
    self.way = way
    self.packagePath = packagePath
    self.buildOptions = buildOptions
    self.workDirectory = workDirectory
    self.directory = directory
  }

  /// A launcher of the tests of the package at `packagePath`, as built with `buildOptions`:
  /// directly when the product is found and `arguments` (given to every run) need no SwiftPM,
  /// else through `swift test`.
  package static func forPackage(
    at packagePath: String, buildOptions: [String], arguments: [String] = [],
    workDirectory: URL, directory: String = FileManager.default.currentDirectoryPath
  ) async -> TestLauncher {
    let way: Way
    if let why = SwiftTestOptions(parsing: arguments).needsSwiftTest {
      way = .swiftTest(because: why)
    } else {
      do {
        way = .direct(
          try await BuiltTests.locate(
            packagePath: packagePath, buildOptions: buildOptions, directory: directory))
      } catch {
        way = .swiftTest(because: error.description)
      }
    }
    return TestLauncher(
      way: way, packagePath: packagePath, buildOptions: buildOptions,
      workDirectory: workDirectory, directory: directory)
  }

  /// The note that says how runs start, once, for the user: `nil` when they start directly.
  package var note: String? {
    guard case .swiftTest(let why) = way else { return nil }
    return "note: each run goes through swift test (\(why)); its tests cannot be started directly."
  }

  /// Runs `swift` with `arguments` (`test --skip-build --filter …`), `environment` added to this
  /// process's, in `directory` (the launcher's unless told): as its test processes, or through
  /// `swift test` when this launcher's way is that, or `arguments` need SwiftPM.
  ///
  /// With a `watch`, a test that passes its time limit is ended with its test process
  /// (``TestRunResult/hung``).
  package func run(
    _ arguments: [String], environment: [String: String] = [:], directory: String? = nil,
    watch: SwiftTestWatch? = nil
  ) async throws -> TestRunResult {
    let directory = directory ?? self.directory
    let options = SwiftTestOptions(parsing: arguments)
    guard case .direct(let tests) = way, options.needsSwiftTest == nil else {
      return try await SwiftCommand.run(
        arguments, environment: environment, directory: directory, watch: watch)
    }
    let base = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      .merging(watch?.environment ?? [:]) { $1 }
    let listed =
      options.runsXCTest && (options.selectsXCTests || options.parallel)
      ? try await xctestSpecifiers(of: tests, environment: base) : nil
    let plan = TestProcessPlan(
      options: options, tests: tests, listedXCTests: listed, environment: base,
      cores: ProcessInfo.processInfo.activeProcessorCount)
    var run = try await DirectRun(
      plan: plan, options: options, environment: base, directory: directory, watch: watch,
      eventStream: workDirectory.appendingPathComponent("events-\(counter.next()).jsonl")
    ).run()
    run.direct = true
    return run
  }

  /// The XCTest tests of the product, as `--dump-tests-json` lists them (once per launcher).
  private func xctestSpecifiers(
    of tests: BuiltTests, environment: [String: String]
  ) async throws -> [String] {
    if let known = xctests.value { return known }
    let listing: [String]
    if tests.platform == .linux {
      let outcome = try await ChildProcess(
        tests.product, ["--dump-tests-json"], environment: environment, directory: "/"
      ).run()
      guard outcome.succeeded,
        let specifiers = XCTestListing.specifiers(inDump: outcome.standardOutput)
      else {
        throw ChildProcessError(
          "\(tests.product) --dump-tests-json failed (\(outcome.termination)): \(outcome.standardError)"
        )
      }
      listing = specifiers
    } else {
      // On macOS XCTest lists a bundle through SwiftPM's helper: ask SwiftPM, once.
      listing = try await SwiftTestList.tests(
        packagePath: packagePath, options: buildOptions + ["--disable-swift-testing"])
    }
    xctests.withLock { $0 = listing }
    return listing
  }
}
