package import CleanSlate
import Foundation

/// What a `swift test` command line asks of its test processes — which tests, which frameworks,
/// whether XCTest's run at once, where the results go — read as SwiftPM reads it, so that the
/// built tests can be started with exactly what `swift test` would give them.
///
/// A command that needs SwiftPM itself at run time (code coverage, a sanitizer, a test runner of a
/// toolset) says why in ``needsSwiftTest``: it is run through `swift test`.
package struct SwiftTestOptions: Sendable, Equatable {
  /// The `--filter` patterns, in order.
  package var filters: [String] = []
  /// The `--skip` patterns, in order.
  package var skips: [String] = []
  /// Whether XCTest's tests run at once, each in a process of its own (`--parallel`).
  package var parallel = false
  /// Whether Swift Testing's tests run at once in their process (unless `--no-parallel`).
  package var swiftTestingRunsAtOnce = true
  /// How many XCTest processes run at once under `--parallel` (`--num-workers`); the machine's
  /// cores when `nil`.
  package var workers: Int?
  /// Whether XCTest's tests run (not `--disable-xctest`).
  package var runsXCTest = true
  /// Whether Swift Testing's tests run (not `--disable-swift-testing`).
  package var runsSwiftTesting = true
  /// The XUnit file (`--xunit-output`).
  package var xunitOutput: String?
  /// The event stream Swift Testing writes, when the command asks for one.
  package var eventStream: String?
  /// Why the command cannot run without SwiftPM, or `nil` when it can.
  package var needsSwiftTest: String?
  /// The arguments after `test`, in order: what SwiftPM hands Swift Testing.
  package var arguments: [String]

  /// The options of the command `swift` + `arguments` (`test --skip-build --filter …`).
  package init(parsing arguments: [String]) {
    var rest = arguments[...]
    if rest.first == "test" { rest = rest.dropFirst() }
    self.arguments = Array(rest)
    for argument in SwiftTestArgument.parse(self.arguments) {
      if let why = argument.option?.needsSwiftTest, needsSwiftTest == nil {
        needsSwiftTest = "\(argument.name): \(why)"
      }
      switch (argument.name, argument.value) {
      case ("--filter", let pattern?): filters.append(pattern)
      case ("--skip", let pattern?): skips.append(pattern)
      case ("--parallel", _): parallel = true
      case ("--no-parallel", _):
        parallel = false
        swiftTestingRunsAtOnce = false
      case ("--num-workers", let count?): workers = Int(count)
      case ("--enable-xctest", _): runsXCTest = true
      case ("--disable-xctest", _): runsXCTest = false
      case ("--enable-swift-testing", _): runsSwiftTesting = true
      case ("--disable-swift-testing", _): runsSwiftTesting = false
      case ("--xunit-output", let path?): xunitOutput = path
      case ("--experimental-event-stream-output", let path?),
        ("--event-stream-output-path", let path?):
        eventStream = path
      case ("list", _) where needsSwiftTest == nil: needsSwiftTest = "swift test list lists tests"
      default: break
      }
    }
    if workers != nil && !parallel, needsSwiftTest == nil {
      needsSwiftTest = "--num-workers without --parallel is an error of swift test's"
    }
  }

  /// Whether the tests of `test`'s framework run at the same time under these options: Swift
  /// Testing's in one process unless `--no-parallel`, XCTest's each in a process of its own
  /// under `--parallel`.
  package func runsAtOnce(_ test: TestName) -> Bool {
    test.isSwiftTesting ? swiftTestingRunsAtOnce : parallel
  }

  /// Whether XCTest gets only some of its tests: a filter or a skip was given.
  package var selectsXCTests: Bool { !filters.isEmpty || !skips.isEmpty }

  /// The XCTest specifiers (`Module.Class/testMethod`) of `listed` that the filters select and the
  /// skips leave, as SwiftPM selects them: a pattern matches a specifier anywhere in it, as a
  /// regular expression.
  package func selectedXCTests(among listed: [String]) -> [String] {
    func matches(_ specifier: String, _ pattern: String) -> Bool {
      specifier.range(of: pattern, options: .regularExpression) != nil
    }
    return listed.filter { specifier in
      (filters.isEmpty || filters.contains { matches(specifier, $0) })
        && !skips.contains { matches(specifier, $0) }
    }
  }

  /// The arguments SwiftPM 6.3 hands the Swift Testing process of this command (before
  /// `--testing-library swift-testing`): the command's, its XUnit file moved to the end and renamed
  /// `<name>-swift-testing.xml` when XCTest runs too, so that the two do not overwrite each other.
  package var swiftTestingArguments: [String] {
    var result: [String] = []
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      if argument == "--xunit-output" {
        _ = iterator.next()
      } else {
        result.append(argument)
      }
    }
    if let xunitOutput { result += ["--xunit-output", swiftTestingXUnitOutput(xunitOutput)] }
    return result
  }

  /// Where Swift Testing writes the XUnit file `path` asks for.
  package func swiftTestingXUnitOutput(_ path: String) -> String {
    runsXCTest ? Self.swiftTestingXUnitOutput(beside: path) : path
  }

  /// The name SwiftPM 6.3 gives Swift Testing's XUnit file when XCTest writes `path`:
  /// `results-swift-testing.xml` beside `results.xml`.
  package static func swiftTestingXUnitOutput(beside path: String) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    guard let dot = path[slash...].lastIndex(of: "."), dot > slash else {
      return path + "-swift-testing"
    }
    return path[..<dot] + "-swift-testing" + path[dot...]
  }
}
