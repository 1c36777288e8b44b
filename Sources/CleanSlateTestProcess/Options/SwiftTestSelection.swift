package import CleanSlate

/// The arguments of `swift test` that run exactly some tests: their exact filter, and
/// `--disable-swift-testing` or `--disable-xctest` when none of them belongs to that framework
/// (each framework runs in a process of its own, and one with no test to run is skipped).
package enum SwiftTestSelection {
  /// The arguments that select exactly `tests`.
  package static func arguments(for tests: [TestName]) -> [String] {
    var arguments = ["--filter", TestName.filter(matching: tests)]
    if !tests.contains(where: \.isSwiftTesting) { arguments.append("--disable-swift-testing") }
    if tests.allSatisfy(\.isSwiftTesting) { arguments.append("--disable-xctest") }
    return arguments
  }
}
