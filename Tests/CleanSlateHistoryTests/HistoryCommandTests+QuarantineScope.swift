import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// A quarantine entry past its date fails the sessions that run its test, and only those; a
/// quarantine file that is not there is an error before anything runs.
extension HistoryCommandTests {
  @Test func anExpiredEntryFailsOnlyTheSessionsThatRunItsTestAndIsNotedInTheOthers()
    async throws
  {
    // Given an entry past its date for the flaky test
    let file = try await quarantine(["\(Self.flaky) | added 2026-01-01 | until 2026-02-01 | old"])

    // When a session runs only the suite that does not hold it
    let other = try await cleanslateTest(["--quarantine", file, "--filter", "BetaSuite"])

    // Then that session passes, and notes the entry
    #expect(other.outcome.status == 0, "\(other.outcome.standardOutput)")
    #expect(
      other.outcome.standardError.contains(
        "note: the quarantine of \(Self.flaky) expired on 2026-02-01 (\(file)); it fails the sessions that run it, and this one does not."
      ), "\(other.outcome.standardError)")
    #expect(!other.outcome.standardOutput.contains("Quarantine expired"))

    // When a session runs its test
    let running = try await cleanslateTest(["--quarantine", file, "--filter", "AlphaTests"])

    // Then it fails, naming the entry
    #expect(running.outcome.status == 1)
    #expect(running.outcome.standardOutput.contains("Quarantine expired: \(Self.flaky)"))
  }

  @Test func aQuarantineFileThatDoesNotExistIsAnErrorBeforeAnythingRuns() async throws {
    // Given a path where no file is
    let missing = try await use(.temporaryDirectory).appendingPathComponent("quarantine.txt").path

    // When a session is given it
    let run = try await cleanslateTest(["--quarantine", missing])

    // Then it says so and runs nothing
    #expect(run.outcome.status == 64)
    #expect(
      run.outcome.standardError.contains("--quarantine \(missing) does not exist"),
      "\(run.outcome.standardError)")
    #expect(run.json.isEmpty)
  }
}
