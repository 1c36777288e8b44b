import Foundation

/// How the tests of a run ended, from what XCTest printed: `Test Case 'Class.test' passed
/// (0.004 seconds)` (Linux) or `Test Case '-[Module.Class test]' passed (0.004 seconds).` (Apple
/// platforms).
package struct XCTestOutput: Sendable {
  /// The results by name as XCTest prints it.
  private var byName: [String: TestResult] = [:]
  /// The tests that started and never ended (the process died in them), as XCTest names them.
  private var unfinished: Set<String> = []

  /// The results of every test `output` shows ending; the last line about a test decides.
  package init(output: String) {
    var failures: [String: String] = [:]
    for line in output.split(separator: "\n") {
      if line.hasPrefix("Test Case '"), let end = line.dropFirst(11).firstIndex(of: "'") {
        let name = String(line[line.index(line.startIndex, offsetBy: 11)..<end])
        let rest = line[line.index(after: end)...]
        let outcome: TestResult.Outcome? =
          rest.hasPrefix(" passed (")
          ? .passed
          : rest.hasPrefix(" failed (") ? .failed : rest.hasPrefix(" skipped (") ? .skipped : nil
        guard let outcome else {
          if rest.hasPrefix(" started") { unfinished.insert(name) }
          continue
        }
        unfinished.remove(name)
        let seconds = rest.split(separator: "(").last?.split(separator: " ").first
          .flatMap { Double($0) }
        byName[name] = TestResult(
          outcome, seconds: seconds, failure: outcome == .failed ? failures[name] : nil)
      } else if let (name, message) = Self.failure(in: line), failures[name] == nil {
        failures[name] = message
      }
    }
  }

  /// The result of `test` (as `swift test list` prints it), `nil` for one that did not end.
  package subscript(test: String) -> TestResult? {
    Self.names(of: test)?.lazy.compactMap { byName[$0] }.first
  }

  /// The tests that started and never ended, as XCTest names them (the process died in them).
  package var unfinishedTests: [String] { unfinished.sorted() }

  /// Whether `test` started and never ended: the process died while it ran.
  package func neverEnded(_ test: String) -> Bool {
    Self.names(of: test)?.contains(where: unfinished.contains) ?? false
  }

  /// `true` or `false` for a test that ended (a skipped one passed), `nil` for one that did not.
  package static func passed(_ test: String, in output: String) -> Bool? {
    XCTestOutput(output: output)[test].map { $0.outcome != .failed }
  }

  /// The test's first failure, as XCTest printed it (`/path/File.swift:8: error: Type.test :
  /// message`), in one line: `message (File.swift:8)`; `nil` when there is none.
  package static func firstFailure(of test: String, in output: String) -> String? {
    guard let names = names(of: test) else { return nil }
    for line in output.split(separator: "\n") {
      guard let (name, message) = failure(in: line), names.contains(name) else { continue }
      return message
    }
    return nil
  }

  /// The test and message of a failure line, `/path/File.swift:8: error: Type.test : message`,
  /// the message as `message (File.swift:8)`.
  private static func failure(in line: Substring) -> (name: String, message: String)? {
    guard let error = line.range(of: ": error: "),
      let separator = line[error.upperBound...].range(of: " : ")
    else { return nil }
    let name = String(line[error.upperBound..<separator.lowerBound])
    var message = line[separator.upperBound...]
    while message.hasSuffix(" ") || message.hasSuffix(" -") { message = message.dropLast() }
    let place = line[..<error.lowerBound].split(separator: "/").last.map(String.init) ?? ""
    return (name, place.isEmpty ? String(message) : "\(message) (\(place))")
  }

  /// Whether XCTest's name for a test (`Class.test`, `-[Module.Class test]`) names `test` (as
  /// `swift test list` prints it).
  package static func name(_ printed: String, names test: String) -> Bool {
    names(of: test)?.contains(printed) ?? false
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
