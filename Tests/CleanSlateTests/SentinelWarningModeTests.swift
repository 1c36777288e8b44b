import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// `CLEANSLATE_SENTINEL_MODE=warn`: what the sentinel finds goes to standard error and to the
/// trace, and no test fails for it; `cleanslate bisect` runs so, to judge a test by its own
/// failures.
@Suite struct SentinelWarningModeTests {
  @Test func whatTheSentinelFindsIsAWarningInTheTraceAndOnStandardError() async throws {
    try await withScratchDirectory { scratch in
      // When a watched test that leaves files runs with the sentinel only warning, traced
      let trace = scratch.appendingPathComponent("trace.jsonl")
      let probe = try await SentinelProbe.run(
        in: scratch,
        with: ["CLEANSLATE_SENTINEL_MODE": "warn", "CLEANSLATE_TRACE": trace.path])

      // Then the test reported no failure
      #expect(!probe.lines.contains { $0.hasPrefix("reported=") }, "\(probe.output)")

      // And standard error and the trace say what it left
      #expect(
        probe.errors.contains(
          "[CleanSlate] warning: Test 'Probe/temporary()' left 3 files created or removed"),
        "\(probe.errors)")
      let events = contents(of: trace) ?? ""
      let issue = events.split(separator: "\n").first { $0.contains(#""stateLeaked""#) }
      #expect(issue?.contains("left 3 files created or removed") == true, "\(events)")
    }
  }
}
