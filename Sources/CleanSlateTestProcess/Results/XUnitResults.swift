package import CleanSlate
import Foundation

/// How the tests of a launch ended, from the XUnit file `swift test --xunit-output` writes (Swift
/// Testing's, and XCTest's in a `--parallel` run), read as far as it goes: a file cut short still
/// gives the test cases it holds whole.
package struct XUnitResults: Sendable {
  /// The ends by ``TestName/resultKey``.
  private var byKey: [String: TestEnd] = [:]

  /// The ends of every `<testcase>` of `xml`; a test named twice (the argument cases of a
  /// parameterized test) failed if any case failed, and took their time added up.
  package init(xml: String) {
    guard let root = XUnitNode.readWhatCanBeRead(Data(xml.utf8)).root else { return }
    for (suite, name, element) in root.testCases {
      guard let suite else { continue }
      let tags = Set(element.children.map(\.name))
      let outcome: TestEnd.Outcome =
        tags.contains("failure") || tags.contains("error")
        ? .failed : tags.contains("skipped") ? .skipped : .passed
      let end = TestEnd(
        outcome, seconds: element[attribute: "time"].flatMap(Double.init),
        failure: Self.firstFailure(in: element))
      let key = TestName.resultKey("\(suite)/\(name)")
      if byKey[key] == nil { byKey[key] = end } else { byKey[key]?.add(end) }
    }
  }

  /// The results of the files at `paths`, the first that names a test deciding for it; a file
  /// that does not exist holds none.
  package init(files paths: [String]) {
    for path in paths.reversed() {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
      byKey.merge(XUnitResults(xml: text).byKey) { $1 }
    }
  }

  /// The end of `test`, `nil` for one that is not in the file.
  package subscript(test: TestName) -> TestEnd? { byKey[test.resultKey] }

  /// The first line of a test case's first failure, as `Expectation failed: (…) == "Hello"`.
  private static func firstFailure(in element: XUnitNode) -> String? {
    guard let failure = element.children.first(where: { $0.name == "failure" }),
      let message = failure[attribute: "message"]
    else { return nil }
    // Swift Testing writes `Expectation failed: … (error): comment`.
    let line = message.prefix { $0 != "\n" }.replacingOccurrences(of: " (error): ", with: ": ")
    return line.hasSuffix(" (error)") ? String(line.dropLast(8)) : line
  }
}

extension TestEnd {
  /// Adds another argument case's end: failed if either failed, their times added.
  fileprivate mutating func add(_ other: TestEnd) {
    if other.outcome == .failed || outcome == .skipped { outcome = other.outcome }
    failure = failure ?? other.failure
    if let time = other.seconds { seconds = (seconds ?? 0) + time }
  }
}
