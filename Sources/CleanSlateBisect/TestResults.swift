import Foundation

/// Whether a Swift Testing test passed, from the XUnit file `swift test --xunit-output` writes.
enum XUnitResults {
  /// `true` or `false` for a test that ran, `nil` for one that is not in `xml`.
  static func passed(_ test: String, in xml: String) -> Bool? {
    let wanted = normalized(test)
    var rest = xml[...]
    while let start = rest.range(of: "<testcase ") {
      rest = rest[start.upperBound...]
      let next = rest.range(of: "<testcase ")?.lowerBound ?? rest.endIndex
      let element = " " + rest[..<next]
      guard let suite = attribute("classname", of: element),
        let name = attribute("name", of: element),
        normalized("\(suite)/\(name)") == wanted
      else { continue }
      return !element.contains("<failure") && !element.contains("<error")
    }
    return nil
  }

  /// `Module.Outer/Inner/test()` and `Module.Outer.Inner/test()` alike.
  private static func normalized(_ name: String) -> String {
    name.replacingOccurrences(of: "/", with: ".")
  }

  private static func attribute(_ name: String, of element: String) -> String? {
    guard let start = element.range(of: " \(name)=\"") else { return nil }
    let value = element[start.upperBound...]
    guard let end = value.firstIndex(of: "\"") else { return nil }
    return value[..<end]
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}

/// Whether an XCTest test passed, from what XCTest printed: `Test Case 'Class.test' passed`
/// (Linux) or `Test Case '-[Module.Class test]' passed` (Apple platforms).
enum XCTestOutput {
  /// `true` or `false` for a test that ended, `nil` for one that did not.
  static func passed(_ test: String, in output: String) -> Bool? {
    guard let slash = test.lastIndex(of: "/"), let dot = test[..<slash].firstIndex(of: ".")
    else { return nil }
    let method = test[test.index(after: slash)...]
    let typeName = test[test.index(after: dot)..<slash]
    let names = ["'\(typeName).\(method)'", "'-[\(test[..<slash]) \(method)]'"]
    var result: Bool?
    for line in output.split(separator: "\n") where line.hasPrefix("Test Case ") {
      guard names.contains(where: { line.contains($0) }) else { continue }
      if line.contains("' passed (") || line.contains("' skipped (") {
        result = true
      } else if line.contains("' failed (") {
        result = false
      }
    }
    return result
  }
}
