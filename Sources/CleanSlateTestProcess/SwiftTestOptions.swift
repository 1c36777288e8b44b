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

  /// The options of `swift test` that take a value (the next argument, or after `=`).
  static let takingAValue: Set<String> = [
    "--package-path", "--cache-path", "--config-path", "--security-path", "--scratch-path",
    "--build-path", "--swift-sdks-path", "--toolset", "--pkg-config-path", "--manifest-cache",
    "--netrc-file", "--resolver-fingerprint-checking", "--resolver-signing-entity-checking",
    "--default-registry-url", "-c", "--configuration", "-Xcc", "-Xswiftc", "-Xlinker", "-Xcxx",
    "--triple", "--sdk", "--toolchain", "--swift-sdk", "--sanitize", "-j", "--jobs",
    "--explicit-target-dependency-import-check", "--build-system", "-debug-info-format",
    "--traits", "--attachments-path", "--num-workers", "-s", "--specifier", "--filter", "--skip",
    "--xunit-output", "--experimental-event-stream-output", "--experimental-event-stream-version",
    "--event-stream-output-path", "--event-stream-version", "--experimental-configuration-path",
    "--configuration-path", "--experimental-attachments-path",
  ]

  /// The options with which SwiftPM does more at run time than start the tests, and why each
  /// keeps the command a `swift test`.
  static let runByAWholeSwiftTest: [String: String] = [
    "--enable-code-coverage": "code coverage is collected by swift test",
    "--code-coverage": "code coverage is collected by swift test",
    "--show-codecov-path": "code coverage is collected by swift test",
    "--show-code-coverage-path": "code coverage is collected by swift test",
    "--show-coverage-path": "code coverage is collected by swift test",
    "--sanitize": "a sanitizer's runtime is set up by swift test",
    "--toolset": "a toolset may name its own test runner",
    "--disable-local-rpath": "the test binary finds its libraries through swift test",
    "-l": "it lists tests", "--list-tests": "it lists tests",
    "-s": "--specifier is read by swift test", "--specifier": "--specifier is read by swift test",
    "--enable-experimental-test-output": "swift test writes the experimental output",
    "--experimental-test-output": "swift test writes the experimental output",
    "--debugger": "swift test starts the debugger",
  ]

  /// The options of the command `swift` + `arguments` (`test --skip-build --filter …`).
  package init(parsing arguments: [String]) {
    var rest = arguments[...]
    if rest.first == "test" { rest = rest.dropFirst() }
    self.arguments = Array(rest)
    var iterator = rest.makeIterator()
    while let argument = iterator.next() {
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = argument.hasPrefix("-") ? parts[0] : argument
      var value: String?
      if Self.takingAValue.contains(name) {
        value = parts.count == 2 ? parts[1] : iterator.next()
      }
      if let why = Self.runByAWholeSwiftTest[name], needsSwiftTest == nil {
        needsSwiftTest = "\(name): \(why)"
      }
      switch (name, value) {
      case ("--filter", let pattern?): filters.append(pattern)
      case ("--skip", let pattern?): skips.append(pattern)
      case ("--parallel", _): parallel = true
      case ("--no-parallel", _): parallel = false
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
    guard runsXCTest else { return path }
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    guard let dot = path[slash...].lastIndex(of: "."), dot > slash else {
      return path + "-swift-testing"
    }
    return path[..<dot] + "-swift-testing" + path[dot...]
  }
}
