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
  /// The environment the runs start from, before each run's own variables: `nil`, this
  /// process's as it is when the run starts.
  package let environment: [String: String]?
  /// What stops its launches: once asked, the test processes running are ended, and each launch
  /// throws ``LaunchInterrupted`` with what it found.
  package let interruption = LaunchInterruption()
  /// Where runs keep their event streams while they read them.
  private let workDirectory: URL
  private let counter = LaunchCounter()
  private let xctests = Locked<[String]?>(nil)

  /// A launcher of `way`'s, for the package at `packagePath` built with `buildOptions`, whose
  /// files go in `workDirectory` (which it creates), whose runs start in `directory` (by default
  /// this process's current directory; a caller inside a test process gives its own, since a
  /// parallel test may have made the current directory its sandbox and removed it), from
  /// `environment` (by default this process's; a caller inside a test process gives the one the
  /// process started with, since a parallel test may have set variables meanwhile).
  package init(
    way: Way, packagePath: String, buildOptions: [String] = [], workDirectory: URL,
    directory: String = FileManager.default.currentDirectoryPath,
    environment: [String: String]? = nil
  ) {
    self.way = way
    self.packagePath = packagePath
    self.buildOptions = buildOptions
    self.workDirectory = workDirectory
    self.directory = directory
    self.environment = environment
  }

  /// A launcher of the tests of the package at `packagePath`, as built with `buildOptions`:
  /// directly when the product is found and `arguments` (given to every run) need no SwiftPM,
  /// else through `swift test`.
  package static func forPackage(
    at packagePath: String, buildOptions: [String], arguments: [String] = [],
    workDirectory: URL, directory: String = FileManager.default.currentDirectoryPath,
    environment: [String: String]? = nil
  ) async -> TestLauncher {
    let way: Way
    if let why = SwiftTestOptions(parsing: arguments).needsSwiftTest {
      way = .swiftTest(because: why)
    } else {
      do {
        way = .direct(
          try await BuiltTests.locate(
            packagePath: packagePath, buildOptions: buildOptions, environment: environment,
            directory: directory))
      } catch {
        way = .swiftTest(because: error.description)
      }
    }
    return TestLauncher(
      way: way, packagePath: packagePath, buildOptions: buildOptions,
      workDirectory: workDirectory, directory: directory, environment: environment)
  }

  /// The note that says how runs start, once, for the user: `nil` when they start directly.
  package var note: String? {
    guard case .swiftTest(let why) = way else { return nil }
    return "note: each run goes through swift test (\(why)); its tests cannot be started directly."
  }

  /// Launches the tests `request` names, as `request` says, and reads how each ended.
  ///
  /// The launch's XUnit file, its trace and its watch's files go in a folder of its own under the
  /// work directory, removed once read; so does its tests' temporary directory, when the request
  /// gives them one of their own.
  package func launch(_ request: LaunchRequest) async throws -> Launch {
    try await start(request).ended(naming: request.tests)
  }

  /// Starts the launch `request` asks for; ``StartedLaunch/ended(naming:)`` waits for it and
  /// reads how the tests it names ended (which may be known only once it runs: the tests a launch
  /// of every test ran are listed meanwhile).
  package func start(_ request: LaunchRequest) -> StartedLaunch {
    let folder = workDirectory.appendingPathComponent("launch-\(counter.next())")
    let command = invocation(of: request)
    let xunit = folder.appendingPathComponent("results.xml").path
    let trace = request.traced ? folder.appendingPathComponent("trace.jsonl").path : nil
    var environment = request.hiddenVariables
    if let trace { environment["CLEANSLATE_TRACE"] = trace }
    if let sentinel = request.sentinel {
      // The sentinel only warns, and stays off in a launch it does not watch, whatever the
      // environment says.
      environment["CLEANSLATE_SENTINEL"] = sentinel ? "1" : "0"
      environment["CLEANSLATE_SENTINEL_MODE"] = "warn"
    }
    let temporary = folder.appendingPathComponent("tmp")
    if request.ownTemporaryDirectory {
      environment["TMPDIR"] = temporary.path
      // Every test process of the launch shares it, and a watching sentinel watches it rather
      // than giving each process one of its own.
      environment[ProcessTemporaryDirectory.launchVariable] = temporary.path
    }
    for variable in command.environment { environment[variable.name] = variable.value }
    var watch =
      request.timeLimit == nil && request.progress == nil
      ? nil
      : SwiftTestWatch(
        limit: request.timeLimit, directory: folder.appendingPathComponent("watch"),
        slowAfter: request.slowAfter, progress: request.progress)
    watch?.reports = request.hangReports
    let output = Task { [environment, watch, interruption] in
      if let signal = interruption.signal { throw LaunchInterrupted(signal: signal) }
      let made = request.ownTemporaryDirectory ? temporary : folder
      do {
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
      } catch {
        throw LaunchFolderError(path: made.path, error)
      }
      return try await self.run(
        command.arguments + ["--xunit-output", xunit], environment: environment, watch: watch,
        quickCrashReports: request.quickCrashReports)
    }
    return StartedLaunch(
      command: command, folder: folder, output: output,
      xunitFiles: [xunit, SwiftTestOptions.swiftTestingXUnitOutput(beside: xunit)], trace: trace,
      temporaryDirectory: request.ownTemporaryDirectory ? temporary.path : nil,
      interruption: interruption)
  }

  /// The command of `request`'s launch, as a user types it: the variables and arguments that
  /// decide what runs and how, without where the launch keeps its results and trace.
  package func invocation(of request: LaunchRequest) -> SwiftTestInvocation {
    var arguments = ["test", "--skip-build"]
    if packagePath != "." { arguments += ["--package-path", packagePath] }
    if request.oneAtATime { arguments.append("--no-parallel") }
    if !request.everyTest { arguments += SwiftTestSelection.arguments(for: request.tests) }
    arguments +=
      request.oneAtATime
      ? SwiftTestArguments.withoutParallelism(request.passthrough) : request.passthrough
    return SwiftTestInvocation(
      environment: request.shownSentinel + request.variables, arguments: arguments)
  }

  /// Runs `swift` with `arguments` (`test --skip-build --filter …`), `environment` added to the
  /// launcher's, in `directory` (the launcher's unless told): as its test processes, or through
  /// `swift test` when this launcher's way is that, or `arguments` need SwiftPM.
  ///
  /// With a `watch`, a test that passes its time limit is ended with its test process
  /// (``LaunchOutput/hung``). With `quickCrashReports`, a test process that crashes writes a
  /// quick report, named here (``QuickCrashReports``), when its tests start directly.
  package func run(
    _ arguments: [String], environment: [String: String] = [:], directory: String? = nil,
    watch: SwiftTestWatch? = nil, quickCrashReports: Bool = false
  ) async throws -> LaunchOutput {
    let directory = directory ?? self.directory
    let options = SwiftTestOptions(parsing: arguments)
    guard case .direct(let tests) = way, options.needsSwiftTest == nil else {
      return try await SwiftCommand.run(
        arguments, environment: environment, base: self.environment, directory: directory,
        watch: watch, interruption: interruption)
    }
    var base = (self.environment ?? ProcessInfo.processInfo.environment)
      .merging(environment) { $1 }
      .merging(watch?.environment ?? [:]) { $1 }
    let symbolizesCrashes =
      quickCrashReports && base["SWIFT_BACKTRACE"] == nil && QuickCrashReports.available
    if symbolizesCrashes { base["SWIFT_BACKTRACE"] = QuickCrashReports.environmentValue }
    let listed =
      options.runsXCTest && (options.selectsXCTests || options.parallel)
      ? try await xctestSpecifiers(of: tests, environment: base) : nil
    let plan = TestProcessPlan(
      options: options, tests: tests, listedXCTests: listed, environment: base,
      cores: ProcessInfo.processInfo.activeProcessorCount)
    var run = try await DirectLaunch(
      plan: plan, options: options, environment: base, directory: directory, watch: watch,
      eventStream: workDirectory.appendingPathComponent("events-\(counter.next()).jsonl"),
      symbolizesCrashes: symbolizesCrashes, interruption: interruption
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
        packagePath: packagePath, options: buildOptions + ["--disable-swift-testing"]
      ).map(\.listed)
    }
    xctests.withLock { $0 = listing }
    return listing
  }
}
