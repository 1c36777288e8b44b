import Foundation

/// How the tests of a run ended, from the XUnit file `swift test --xunit-output` writes (Swift
/// Testing's, and XCTest's in a `--parallel` run).
package struct XUnitResults: Sendable {
  /// The results by name, each name with its `/` replaced by `.`.
  private var byName: [String: TestResult] = [:]

  /// The results of every `<testcase>` of `xml`; a test named twice (the argument cases of a
  /// parameterized test) failed if any case failed, and took their time added up.
  package init(xml: String) {
    var rest = xml[...]
    while let start = rest.range(of: "<testcase ") {
      rest = rest[start.upperBound...]
      let next = rest.range(of: "<testcase ")?.lowerBound ?? rest.endIndex
      let element = " " + rest[..<next]
      guard let suite = Self.attribute("classname", of: element),
        let name = Self.attribute("name", of: element)
      else { continue }
      let outcome: TestResult.Outcome =
        element.contains("<failure") || element.contains("<error")
        ? .failed : element.contains("<skipped") ? .skipped : .passed
      let result = TestResult(
        outcome, seconds: Self.attribute("time", of: element).flatMap(Double.init),
        failure: Self.firstFailure(in: element))
      let key = Self.normalized("\(suite)/\(name)")
      if byName[key] == nil { byName[key] = result } else { byName[key]?.add(result) }
    }
  }

  /// The result of `test` (as `swift test list` prints it), `nil` for one that is not in the
  /// file.
  package subscript(test: String) -> TestResult? { byName[Self.normalized(test)] }

  /// `true` or `false` for a test that ran (a skipped one passed), `nil` for one that is not in
  /// `xml`.
  package static func passed(_ test: String, in xml: String) -> Bool? {
    XUnitResults(xml: xml)[test].map { $0.outcome != .failed }
  }

  /// The first line of the test's first failure, as `Expectation failed: (…) == "Hello"`; `nil`
  /// when it passed or is not in `xml`.
  package static func firstFailure(of test: String, in xml: String) -> String? {
    XUnitResults(xml: xml)[test]?.failure
  }

  private static func firstFailure(in element: String) -> String? {
    guard let failure = element.range(of: "<failure ").map({ element[$0.lowerBound...] }),
      let message = attribute("message", of: String(failure))
    else { return nil }
    // Swift Testing writes `Expectation failed: … (error): comment`.
    let line = message.prefix { $0 != "\n" }.replacingOccurrences(of: " (error): ", with: ": ")
    return line.hasSuffix(" (error)") ? String(line.dropLast(8)) : line
  }

  /// `Module.Outer/Inner/test()` and `Module.Outer.Inner/test()` alike.
  private static func normalized(_ name: String) -> String {
    name.replacingOccurrences(of: "/", with: ".")
  }

  private static func attribute(_ name: String, of element: String) -> String? {
    guard let start = element.range(of: " \(name)=\"") else { return nil }
    let value = element[start.upperBound...]
    guard let end = value.firstIndex(of: "\"") else { return nil }
    return XMLText.unescaped(value[..<end])
  }
}

extension TestResult {
  /// Adds another argument case's result: failed if either failed, their times added.
  fileprivate mutating func add(_ other: TestResult) {
    if other.outcome == .failed || outcome == .skipped { outcome = other.outcome }
    failure = failure ?? other.failure
    if let time = other.seconds { seconds = (seconds ?? 0) + time }
  }
}
