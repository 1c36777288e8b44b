package import CleanSlate
import Foundation

/// How the tests of a run ended, from what XCTest printed: `Test Case 'Class.test' passed
/// (0.004 seconds)` (Linux) or `Test Case '-[Module.Class test]' passed (0.004 seconds).` (Apple
/// platforms).
package struct XCTestOutput: Sendable {
  /// The results by name as XCTest prints it.
  private var byName: [String: TestEnd] = [:]
  /// The tests that started and never ended (the process died in them), as XCTest names them.
  private var unfinished: Set<String> = []
  /// The first failure of each test, as XCTest names it, in one line.
  private var failures: [String: String] = [:]
  /// What XCTest said of the tests it ran (``FrameworkReport``): those it started and failed, in
  /// order, and its last `Executed …` line.
  package private(set) var report = FrameworkReport()

  /// The results of every test `output` shows ending; the last line about a test decides.
  package init(output: String) {
    for line in output.split(separator: "\n") {
      if let (name, rest) = Self.testCase(in: line) {
        let outcome: TestEnd.Outcome? =
          rest.hasPrefix(" passed (")
          ? .passed
          : rest.hasPrefix(" failed (") ? .failed : rest.hasPrefix(" skipped (") ? .skipped : nil
        guard let outcome else {
          if rest.hasPrefix(" started") {
            unfinished.insert(name)
            report.started.append(name)
          }
          continue
        }
        if outcome == .failed && !report.failed.contains(name) { report.failed.append(name) }
        unfinished.remove(name)
        let seconds = rest.split(separator: "(").last?.split(separator: " ").first
          .flatMap { Double($0) }
        byName[name] = TestEnd(
          outcome, seconds: seconds, failure: outcome == .failed ? failures[name] : nil)
      } else if let (name, message) = Self.failure(in: line), failures[name] == nil {
        failures[name] = message
      } else if line.hasPrefix("\t Executed ") || line.hasPrefix("Executed ") {
        report.summary = line.trimmingCharacters(in: .whitespaces)
      }
    }
  }

  /// The end of `test`, `nil` for one that did not end.
  package subscript(test: TestName) -> TestEnd? {
    test.xctestNames.lazy.compactMap { byName[$0] }.first
  }

  /// The tests that started and never ended, as XCTest names them (the process died in them).
  package var unfinishedTests: [String] { unfinished.sorted() }

  /// The first failure `test` recorded, in one line (`message (File.swift:8)`), whether or not it
  /// ended.
  package func firstFailure(of test: TestName) -> String? {
    test.xctestNames.lazy.compactMap { failures[$0] }.first
  }

  /// Whether `test` started and never ended: the process died while it ran.
  package func neverEnded(_ test: TestName) -> Bool {
    test.xctestNames.contains(where: unfinished.contains)
  }

  /// The test a `Test Case '…' …` line of XCTest's is about, as XCTest names it, and the rest of
  /// the line: ` started at …`, ` passed (0.004 seconds)`; `nil` for any other line.
  static func testCase(in line: Substring) -> (name: String, rest: Substring)? {
    guard line.hasPrefix("Test Case '") else { return nil }
    let quoted = line.dropFirst(11)
    guard let end = quoted.firstIndex(of: "'") else { return nil }
    return (String(quoted[..<end]), quoted[quoted.index(after: end)...])
  }

  /// The time in the rest of a `Test Case '…' started at 2026-12-07 13:33:48.354` line, read in
  /// this process's time zone (XCTest prints its own's, which it inherits); `nil` when there is
  /// none, or it does not read as one.
  static func startDate(in rest: Substring) -> Date? {
    guard let at = rest.range(of: " started at ") else { return nil }
    let text = rest[at.upperBound...].trimmingCharacters(in: .whitespaces)
    return startFormat.withLock { $0.date(from: text) }
  }

  /// How XCTest writes the time a test started.
  private static let startFormat = Locked(
    {
      let format = DateFormatter()
      format.locale = Locale(identifier: "en_US_POSIX")
      format.timeZone = .current
      format.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
      return format
    }())

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
}
