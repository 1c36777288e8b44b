/// `swift test --filter` patterns that select exactly the tests they name, as `swift test list`
/// prints them: `Module.Suite/test()` (Swift Testing) or `Module.Class/testMethod` (XCTest).
package enum SwiftTestFilter {
  /// A pattern that matches exactly `tests`: `^(A|B)$`, each name escaped. Swift Testing
  /// matches it against a test's identifier, which ends with the test's source location
  /// (`Module.Suite/test()/Suite.swift:12:4`): its names may be followed by one.
  package static func matching(_ tests: [String]) -> String {
    let patterns = tests.map { isSwiftTesting($0) ? escaped($0) + "(/.*)?" : escaped($0) }
    return "^(" + patterns.joined(separator: "|") + ")$"
  }

  /// Whether a listed name is a Swift Testing test (`Module.Suite/test()`), not an XCTest one
  /// (`Module.Class/testMethod`).
  package static func isSwiftTesting(_ name: String) -> Bool { name.hasSuffix(")") }

  private static func escaped(_ name: String) -> String {
    var result = ""
    for character in name {
      if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
