internal import CleanSlate

/// The arguments of `swift test` that run exactly some tests: their exact filter, and
/// `--disable-swift-testing` or `--disable-xctest` when none of them belongs to that framework
/// (each framework runs in a process of its own, and one with no test to run is skipped).
package enum SwiftTestSelection {
  /// The arguments that select exactly `tests`, named as `swift test list` prints them.
  package static func arguments(for tests: [String]) -> [String] {
    var arguments = ["--filter", SwiftTestFilter.matching(tests)]
    if !tests.contains(where: SwiftTestFilter.isSwiftTesting) {
      arguments.append("--disable-swift-testing")
    }
    if tests.allSatisfy(SwiftTestFilter.isSwiftTesting) { arguments.append("--disable-xctest") }
    return arguments
  }
}
