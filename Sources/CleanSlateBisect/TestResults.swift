import Foundation

/// Whether a Swift Testing test passed, from the XUnit file `swift test --xunit-output` writes.
enum XUnitResults {
  /// `true` or `false` for a test that ran, `nil` for one that is not in `xml`.
  static func passed(_ test: String, in xml: String) -> Bool? {
    element(of: test, in: xml).map { !$0.contains("<failure") && !$0.contains("<error") }
  }

  /// The first line of the test's first failure, as `Expectation failed: (…) == "Hello"`; `nil`
  /// when it passed or is not in `xml`.
  static func firstFailure(of test: String, in xml: String) -> String? {
    guard let element = element(of: test, in: xml),
      let failure = element.range(of: "<failure ").map({ element[$0.lowerBound...] }),
      let message = attribute("message", of: String(failure))
    else { return nil }
    let line = message.prefix { $0 != "\n" }
    return String(line.hasSuffix(" (error)") ? line.dropLast(8) : line)
  }

  /// The `<testcase>` element of `test`, up to the next one.
  private static func element(of test: String, in xml: String) -> String? {
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
      return element
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
    return unescaped(value[..<end])
  }

  /// XML text with its entities replaced: `&quot;`, `&#10;`, `&#8594;`.
  private static func unescaped(_ text: Substring) -> String {
    var result = ""
    var rest = text
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
      let entity = rest[rest.index(after: ampersand)..<semicolon]
      let named = ["quot": "\"", "apos": "'", "lt": "<", "gt": ">", "amp": "&"]
      if let character = named[String(entity)] {
        result += character
      } else if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16),
        let scalar = Unicode.Scalar(code)
      {
        result.unicodeScalars.append(scalar)
      } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()),
        let scalar = Unicode.Scalar(code)
      {
        result.unicodeScalars.append(scalar)
      } else {
        result += rest[ampersand...semicolon]
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }
}

/// Whether an XCTest test passed, from what XCTest printed: `Test Case 'Class.test' passed`
/// (Linux) or `Test Case '-[Module.Class test]' passed` (Apple platforms).
enum XCTestOutput {
  /// `true` or `false` for a test that ended, `nil` for one that did not.
  static func passed(_ test: String, in output: String) -> Bool? {
    guard let names = names(of: test) else { return nil }
    var result: Bool?
    for line in output.split(separator: "\n") where line.hasPrefix("Test Case ") {
      guard names.contains(where: { line.contains("'\($0)'") }) else { continue }
      if line.contains("' passed (") || line.contains("' skipped (") {
        result = true
      } else if line.contains("' failed (") {
        result = false
      }
    }
    return result
  }

  /// The test's first failure, as XCTest printed it (`/path/File.swift:8: error: Type.test :
  /// message`), in one line: `message (File.swift:8)`; `nil` when there is none.
  static func firstFailure(of test: String, in output: String) -> String? {
    guard let names = names(of: test) else { return nil }
    for line in output.split(separator: "\n") {
      guard let error = line.range(of: ": error: "),
        let name = names.first(where: { line[error.upperBound...].hasPrefix("\($0) : ") })
      else { continue }
      var message = line[line.index(error.upperBound, offsetBy: name.count + 3)...]
      while message.hasSuffix(" ") || message.hasSuffix(" -") { message = message.dropLast() }
      let place = line[..<error.lowerBound].split(separator: "/").last.map(String.init) ?? ""
      return place.isEmpty ? String(message) : "\(message) (\(place))"
    }
    return nil
  }

  /// How XCTest names a test: `Class.test` (Linux) and `-[Module.Class test]` (Apple platforms).
  private static func names(of test: String) -> [String]? {
    guard let slash = test.lastIndex(of: "/"), let dot = test[..<slash].firstIndex(of: ".")
    else { return nil }
    let method = test[test.index(after: slash)...]
    let typeName = test[test.index(after: dot)..<slash]
    return ["\(typeName).\(method)", "-[\(test[..<slash]) \(method)]"]
  }
}
