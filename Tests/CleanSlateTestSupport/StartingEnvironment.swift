package import Foundation

/// The environment this test process started with: what every child process the tests start
/// begins from, never the environment as it is when the child starts.
///
/// Swift Testing runs the tests of every test target in one process, at the same time, and a
/// test's `.environment` or `.timeZone` fixture sets its variables for the whole process while
/// the test runs. A child process that another test starts meanwhile from
/// `ProcessInfo.processInfo.environment` inherits them: a `TZ` it was never given, a
/// `SWIFT_DETERMINISTIC_HASHING` that changes which of its tests fail. Helpers
/// (``HelperExecutable``, ``BuiltPackage``) start their children from this one; a test that adds
/// variables of its own adds them to it.
///
/// On Linux it is read from `/proc/self/environ`, which keeps the environment the process was
/// executed with whatever `setenv` does later. Elsewhere it is the environment when first asked
/// for.
package enum StartingEnvironment {
  /// The variables this process started with.
  package static let variables: [String: String] = {
    #if os(Linux)
      if let data = FileManager.default.contents(atPath: "/proc/self/environ") {
        return parse(data)
      }
    #endif
    return ProcessInfo.processInfo.environment
  }()

  /// The variables this process started with, `changes` applied: a value sets a variable, `nil`
  /// removes it.
  package static func with(_ changes: [String: String?]) -> [String: String] {
    var environment = variables
    for (name, value) in changes { environment[name] = value }
    return environment
  }

  /// The variables of an environment block, as `/proc/self/environ` and `env -0` write one:
  /// `NAME=value` entries, each ended by a zero byte.
  package static func parse(_ block: Data) -> [String: String] {
    var variables: [String: String] = [:]
    for entry in block.split(separator: 0) {
      let text = String(decoding: entry, as: UTF8.self)
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { continue }
      let name = String(text[..<equals])
      // The first of two entries of one name is the one `getenv` returns.
      if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
    }
    return variables
  }
}
