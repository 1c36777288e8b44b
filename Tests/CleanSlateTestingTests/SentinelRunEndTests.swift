import CleanSlateTestSupport
import Foundation
import Testing

/// What watched tests running at once leave behind is reported when the process scope ends at
/// exit: on standard error, naming the tests, and the run fails.
@Suite struct SentinelRunEndTests {
  @Test func aLeakOfOverlappingTestsIsReportedAtExitAndFailsTheRun() async throws {
    // Given a test process in which two watched tests ran at once, one leaving a variable set
    let probe = try HelperExecutable(named: "CleanSlateRunEndProbe")

    // When the process exits
    let outcome = try await probe.run(["sentinel"])

    // Then no test was blamed; the run's end reports it, naming both, and the run fails
    #expect(outcome.standardOutput.contains("sentinel body done, 0 failures at the tests"))
    #expect(
      outcome.standardError.contains(
        ": error: The test run left 1 environment variable changed at its end:"))
    #expect(
      outcome.standardError.contains(
        "+ CLEANSLATE_PROBE_LEAK=\"1\" (added); it changed while 'Probe/leaks()' and 'Probe/other()' ran"
      ))
    #expect(outcome.status == EXIT_FAILURE)
  }
}
