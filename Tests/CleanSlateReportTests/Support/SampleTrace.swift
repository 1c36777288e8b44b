import Foundation

/// A trace written line by line for the reader and report tests: one process in which a suite
/// fixture serves two tests running side by side; the second test fails, a teardown of it
/// times out, an object of it leaks, and its seeded generator notes how to replay it.
///
/// Times are microseconds after `start`; durations are given in milliseconds.
struct SampleTrace {
  var run = "run-1"
  var pid = 100
  var start: Int64 = 1_700_000_000_000_000

  /// The trace's lines, each a JSON object, without newlines.
  var lines: [String] {
    [
      header(),
      event(0, "scopeBegin", "process", 1, "process", parent: nil),
      event(10, "scopeBegin", "suite", 2, "Suite", parent: 1),
      event(100, "scopeBegin", "test", 3, "Suite/a()", parent: 2),
      event(200, "scopeBegin", "test", 4, "Suite/b()", parent: 2),
      event(
        30_100, "setupEnd", "suite", 2, "Suite", fixture: "database", test: "Suite/a()",
        outcome: "passed", milliseconds: 30, at: "SuiteTests/Fixtures.swift:3"),
      event(
        32_100, "setupEnd", "test", 3, "Suite/a()", fixture: "scratch", test: "Suite/a()",
        outcome: "passed", milliseconds: 2, at: "SuiteTests/Fixtures.swift:9"),
      event(
        4_200, "setupEnd", "test", 4, "Suite/b()", fixture: "scratch", test: "Suite/b()",
        outcome: "passed", milliseconds: 4, at: "SuiteTests/Fixtures.swift:9"),
      event(
        5_000, "issue", "test", 4, "Suite/b()", test: "Suite/b()", outcome: "failed",
        at: "SuiteTests/B.swift:12", message: "Expectation failed: (count → 2) == 1"),
      event(
        5_200, "bodyEnd", "test", 4, "Suite/b()", test: "Suite/b()", outcome: "failed",
        milliseconds: 1),
      event(
        8_200, "teardownEnd", "test", 4, "Suite/b()", fixture: "scratch", test: "Suite/b()",
        outcome: "timedOut", milliseconds: 3, at: "SuiteTests/Fixtures.swift:11",
        message:
          "Teardown of fixture 'scratch' did not finish within 0.003 seconds and was abandoned."),
      event(
        8_300, "issue", "test", 4, "Suite/b()", test: "Suite/b()", outcome: "failed",
        at: "SuiteTests/B.swift:14",
        message: "Cache was still alive after every teardown of the test.",
        code: "objectLeaked"),
      event(
        8_300, "note", "test", 4, "Suite/b()", fixture: "seededRandom", test: "Suite/b()",
        at: "SuiteTests/B.swift:9", message: Self.replayNote),
      event(
        8_300, "scopeEnd", "test", 4, "Suite/b()", test: "Suite/b()", outcome: "failed",
        milliseconds: 8),
      event(
        37_100, "bodyEnd", "test", 3, "Suite/a()", test: "Suite/a()", outcome: "passed",
        milliseconds: 5),
      event(
        38_100, "teardownEnd", "test", 3, "Suite/a()", fixture: "scratch", test: "Suite/a()",
        outcome: "passed", milliseconds: 1, at: "SuiteTests/Fixtures.swift:11"),
      event(
        38_100, "scopeEnd", "test", 3, "Suite/a()", test: "Suite/a()", outcome: "passed",
        milliseconds: 38),
      event(
        50_000, "teardownEnd", "suite", 2, "Suite", fixture: "database", outcome: "passed",
        milliseconds: 10, at: "SuiteTests/Fixtures.swift:5"),
      event(50_000, "scopeEnd", "suite", 2, "Suite", outcome: "failed", milliseconds: 50),
      event(50_100, "scopeEnd", "process", 1, "process", outcome: "failed", milliseconds: 50),
    ]
  }

  /// What b()'s seeded generator notes.
  static let replayNote = #"""
    .seededRandom drew from the run's seed 2718281828 (chosen at random for this run).
      Replay the same draws: CLEANSLATE_SEED=2718281828 swift test --filter '^(SuiteTests\.Suite/b\(\)(/.*)?)$'
    """#

  /// The whole file's text.
  var text: String { lines.map { $0 + "\n" }.joined() }

  func header(version: Int = 1) -> String {
    json([
      "trace": "cleanslate", "v": version, "run": run, "pid": pid, "host": "builder",
      "timeMicros": start, "command": "/tmp/SuitePackageTests.xctest", "seed": "2718281828",
    ])
  }

  func event(
    _ micros: Int64, _ phase: String, _ scope: String, _ scopeID: Int, _ scopeName: String,
    parent: Int? = nil, fixture: String? = nil, test: String? = nil, outcome: String? = nil,
    milliseconds: Int64? = nil, at location: String? = nil, message: String? = nil,
    code: String? = nil
  ) -> String {
    var object: [String: Any] = [
      "run": run, "pid": pid, "timeMicros": start + micros, "phase": phase, "scope": scope,
      "scopeID": scopeID, "scopeName": scopeName,
    ]
    if phase == "scopeBegin", let parent { object["parentScopeID"] = parent }
    if let fixture { object["fixture"] = fixture }
    if let test { object["test"] = test }
    if let outcome { object["outcome"] = outcome }
    if let milliseconds { object["durationNanos"] = milliseconds * 1_000_000 }
    if let location { object["at"] = location }
    if let message { object["message"] = message }
    if let code { object["code"] = code }
    return json(object)
  }

  private func json(_ object: [String: Any]) -> String {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}

/// A file of its own for one test, removed afterwards.
func withTraceFile<R>(
  _ text: String, _ body: (String) async throws -> R
) async rethrows -> R {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("cleanslate-report-tests-\(UUID().uuidString).jsonl").path
  _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try await body(path)
}
