/// The test processes a `swift test` command starts, as SwiftPM 6.3 starts them, worked out
/// without SwiftPM: XCTest's first (one process; or, under `--parallel`, one process per test, a
/// few at a time), then Swift Testing's (one process, whose tests run at once unless told not to).
///
/// XCTest gets the specifiers of its selected tests (`Module.Class/testMethod`, joined by commas)
/// when the command filters or skips, else nothing; Swift Testing gets the command's arguments and
/// filters its tests itself.
package struct TestProcessPlan: Sendable, Equatable {
  /// A test framework, each run in processes of its own.
  package enum Framework: String, Sendable, Equatable {
    case xctest
    case swiftTesting
  }

  /// One test process to start.
  package struct Process: Sendable, Equatable {
    /// The framework whose tests it runs.
    package var framework: Framework
    /// The program and its arguments.
    package var command: [String]
    /// The variables it gets over the run's environment.
    package var environment: [String: String]
    /// The XCTest tests it runs (`Module.Class/testMethod`); `nil` for every test of its framework.
    package var tests: [String]?

    package init(
      framework: Framework, command: [String], environment: [String: String],
      tests: [String]? = nil
    ) {
      self.framework = framework
      self.command = command
      self.environment = environment
      self.tests = tests
    }
  }

  /// The XCTest processes, in order.
  package var xctest: [Process] = []
  /// How many XCTest processes run at once: 1, or under `--parallel` `--num-workers` (the
  /// machine's cores by default).
  package var workers = 1
  /// The Swift Testing process.
  package var swiftTesting: Process?

  /// The processes of the command `options`, of the product `tests`, whose XCTest tests are
  /// `listedXCTests` (what `--dump-tests-json` lists; needed only when the command filters, skips
  /// or runs XCTest's tests in parallel). `environment` is the run's, which the loader's paths on
  /// macOS extend; `cores` the machine's.
  package init(
    options: SwiftTestOptions, tests: BuiltTests, listedXCTests: [String]?,
    environment: [String: String], cores: Int
  ) {
    var shared = ["NO_COLOR": "1"]
    if let tools = tests.appleTools {
      shared["DYLD_FRAMEWORK_PATH"] = Self.appending(
        tools.frameworkPaths, to: environment["DYLD_FRAMEWORK_PATH"])
      shared["DYLD_LIBRARY_PATH"] = Self.appending(
        tools.libraryPaths, to: environment["DYLD_LIBRARY_PATH"])
    }
    if options.runsXCTest {
      var xctestEnvironment = shared
      if tests.platform == .macOS { xctestEnvironment["SWIFT_TESTING_ENABLED"] = "0" }
      let selected =
        options.selectsXCTests || options.parallel
        ? options.selectedXCTests(among: listedXCTests ?? []) : nil
      func process(_ specifiers: [String]?) -> Process {
        Process(
          framework: .xctest, command: Self.xctestCommand(tests, specifiers),
          environment: xctestEnvironment, tests: specifiers)
      }
      if options.parallel {
        xctest = (selected ?? []).map { process([$0]) }
        workers = max(1, options.workers ?? cores)
      } else if selected?.isEmpty != true {
        // (SwiftPM runs XCTest with a selection of none, which runs no test: left out here.)
        xctest = [process(selected)]
      }
    }
    if options.runsSwiftTesting {
      let arguments = options.swiftTestingArguments
      let command =
        if let tools = tests.appleTools {
          [tools.testingHelper, "--test-bundle-path", tests.product] + arguments + [tests.product]
        } else {
          [tests.product] + arguments
        }
      swiftTesting = Process(
        framework: .swiftTesting, command: command + ["--testing-library", "swift-testing"],
        environment: shared)
    }
  }

  /// Every process, XCTest's first.
  package var processes: [Process] { xctest + (swiftTesting.map { [$0] } ?? []) }

  /// The XCTest command of `specifiers` (every test when `nil`): the executable with the
  /// specifiers joined by commas on Linux; `xctest -XCTest <specifiers> <bundle>` on macOS.
  private static func xctestCommand(_ tests: BuiltTests, _ specifiers: [String]?) -> [String] {
    let selection = specifiers.map { $0.joined(separator: ",") }
    if let tools = tests.appleTools {
      return [tools.xctest] + (selection.map { ["-XCTest", $0] } ?? []) + [tests.product]
    }
    return [tests.product] + (selection.map { [$0] } ?? [])
  }

  /// `paths` after `existing`'s, joined by colons, as SwiftPM extends a search path.
  private static func appending(_ paths: [String], to existing: String?) -> String {
    ((existing.map { [$0] } ?? []).filter { !$0.isEmpty } + paths).joined(separator: ":")
  }
}
