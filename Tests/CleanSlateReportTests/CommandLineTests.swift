import CleanSlateTestSupport
import Foundation
import Testing

/// The `cleanslate` executable, run as a user would: its output, its exit status, and a clear
/// message for every bad input.
@Suite struct CommandLineTests {
  private func cleanslate(_ arguments: String...) async throws -> HelperExecutable.Outcome {
    try await HelperExecutable(named: "cleanslate").run(arguments)
  }

  @Test func summaryPrintsTheCountsAndTheSlowestFixtures() async throws {
    try await withTraceFile(SampleTrace().text) { path in
      let outcome = try await cleanslate("summary", path)

      #expect(outcome.status == 0)
      #expect(
        outcome.standardOutput.hasPrefix("Summary: 2 tests, 1 failed, 1 teardown timed out\n"))
      #expect(outcome.standardOutput.contains("40.00 ms   40.00 ms      1  suite    database"))
      #expect(outcome.standardError.isEmpty)
    }
  }

  @Test func reportWritesOnePageForSeveralFiles() async throws {
    try await withTraceFile(SampleTrace().text) { first in
      try await withTraceFile(SampleTrace(pid: 200).text) { second in
        let output = first + ".html"
        defer { try? FileManager.default.removeItem(atPath: output) }

        let outcome = try await cleanslate("report", first, second, "--output", output)

        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("4 tests, 38 events from 2 processes"))
        let page = try String(contentsOfFile: output, encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>"))
      }
    }
  }

  @Test func reportHasAWhyFlakySectionFromTheRunsSummary() async throws {
    let summary = #"""
      {"tests":[
      {"name":"T.A/testB","outcome":"flaky","runs":2,"failures":1,"duration":0.1,"cause":{"kind":"seed","summary":"It draws from .seededRandom and its outcome follows the run's seed.","reproduce":"CLEANSLATE_SEED=7 swift test","seed":"7","passingSeed":"2","runs":[{"what":"alone","outcome":"failed"}],"seconds":1.5}}
      ]}
      """#
    try await withTraceFile(SampleTrace().text) { trace in
      try await withTraceFile(summary) { json in
        let output = trace + ".html"
        defer { try? FileManager.default.removeItem(atPath: output) }

        let outcome = try await cleanslate(
          "report", trace, "--summary-json", json, "--output", output)
        let bad = try await cleanslate(
          "report", trace, "--summary-json", trace, "--output", output + ".bad")

        #expect(outcome.status == 0, "\(outcome.standardError)")
        let page = try String(contentsOfFile: output, encoding: .utf8)
        #expect(
          page.contains(
            "<dt>T.A/testB <span class=\"cause-seed\">seed, decided by 1 run in 1.50 s</span></dt>")
        )
        #expect(bad.status != 0)
        #expect(
          bad.standardError.contains(
            "\(trace) is not the --summary-json of a cleanslate test run (or cannot be read)."))
      }
    }
  }

  @Test func aMissingFileFailsWithItsName() async throws {
    let outcome = try await cleanslate("summary", "/nonexistent/trace.jsonl")

    #expect(outcome.status != 0)
    #expect(outcome.standardError.contains("/nonexistent/trace.jsonl: no such file"))
    #expect(!outcome.standardError.contains("Fatal error"))
  }

  @Test func aFileThatIsNotATraceFails() async throws {
    try await withTraceFile("<html>not a trace</html>\n") { path in
      let outcome = try await cleanslate("report", path, "-o", path + ".html")

      #expect(outcome.status != 0)
      #expect(outcome.standardError.contains("not a CleanSlate lifecycle trace"))
      #expect(!FileManager.default.fileExists(atPath: path + ".html"))
    }
  }

  @Test func aNewerSchemaFailsNamingTheVersions() async throws {
    let sample = SampleTrace()
    let text = ([sample.header(version: 99)] + sample.lines.dropFirst()).joined(separator: "\n")
    try await withTraceFile(text) { path in
      let outcome = try await cleanslate("summary", path)

      #expect(outcome.status != 0)
      #expect(outcome.standardError.contains("written in trace schema 99"))
    }
  }

  @Test func aCutLastLineIsAWarningAndTheRestIsRead() async throws {
    var text = SampleTrace().text
    text.removeLast(30)
    try await withTraceFile(text) { path in
      let outcome = try await cleanslate("summary", path)

      #expect(outcome.status == 0)
      #expect(outcome.standardError.hasPrefix("warning: \(path):"))
      #expect(outcome.standardError.contains("the last line is cut short"))
      #expect(outcome.standardOutput.hasPrefix("Summary: 2 tests"))
    }
  }

  @Test func noFileIsAUsageError() async throws {
    let outcome = try await cleanslate("summary")

    #expect(outcome.status != 0)
    #expect(outcome.standardError.contains("Missing expected argument '<traces> ...'"))
  }
}
