import CleanSlate
import CleanSlateTestSupport
import Dispatch
import Foundation
import Testing

@testable import CleanSlateTesting

/// Swift Testing has no end-of-run hook: the process scope is ended at exit, blocking until its
/// teardowns have run, and their failures are printed and fail the run.
@Suite struct ProcessScopeEndingTests {
  /// The line of the probe's check where no scope ever opened.
  let probeCheckLine = 85

  @Test func aProcessTeardownThatFailsAtExitFailsTheRun() async throws {
    // Given a test process whose process-scoped fixture's teardown throws
    let probe = try HelperExecutable(named: "CleanSlateRunEndProbe")

    // When the process exits after its tests
    let outcome = try await probe.run(["testing", "failing"])

    // Then the teardown ran, its failure is printed, and the process exits with a failure status
    #expect(outcome.standardOutput.contains("process teardown ran"))
    #expect(
      outcome.standardError.contains(
        "CleanSlateRunEndProbe/main.swift:18: error: Teardown of fixture 'tornDownAtTheEnd' threw"
      ))
    #expect(outcome.status == EXIT_FAILURE)
  }

  @Test func aProcessTeardownThatSucceedsAtExitLeavesTheStatusAlone() async throws {
    // Given a test process whose process-scoped fixture tears down cleanly
    let probe = try HelperExecutable(named: "CleanSlateRunEndProbe")

    // When the process exits after its tests
    let outcome = try await probe.run(["testing", "passing"])

    // Then the teardown ran and the process exits successfully, printing nothing of ours
    #expect(outcome.standardOutput.contains("process teardown ran"))
    #expect(!outcome.standardError.contains(": error:"))
    #expect(outcome.status == EXIT_SUCCESS)
  }

  /// Rule "One failure channel": a failure found where no test runs is never lost.
  @Test func aCheckMadeWhereNoScopeEverOpenedIsPrintedAndFailsTheRun() async throws {
    // Given a process in which no CleanSlate scope opens and XCTest does not run
    let probe = try HelperExecutable(named: "CleanSlateRunEndProbe")

    // When it makes a check, then exits
    let outcome = try await probe.run(["check"])

    // Then the check is printed at its line, and the process exits with a failure status
    #expect(outcome.standardOutput == "check made\n")
    let probeSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("CleanSlateRunEndProbe/main.swift")
    #expect(
      outcome.standardError == """
        \(probeSource.path):\(probeCheckLine): error: verifyLater(Mock) was called outside any CleanSlate scope.
          called at: CleanSlateRunEndProbe/main.swift:\(probeCheckLine)
          In Swift Testing, add the .cleanSlate trait to the suite or the test (import CleanSlateTesting); in XCTest, inherit from FixtureTestCase (import CleanSlateXCTest).

        """)
    #expect(outcome.status == EXIT_FAILURE)
  }

  @Test func endingFromSynchronousCodeWaitsForEveryTeardownAndPrintsFailures() async throws {
    // Given a process-like scope, with no sink, and two teardowns, one of which throws
    let journal = Journal()
    let root = ScopeRuntime(.process, name: "process", parent: nil, observer: .some(nil))
    let teardownLine = #line + 3
    let tool = Fixture<Void>("tool", scope: .process) { context in
      context.addTeardown { journal.record("stop tool") }
      context.addTeardown {
        try await Task.sleep(for: .milliseconds(5))
        throw Boom(label: "daemon did not stop")
      }
    }
    try await root.use(tool, at: CodeLocation())

    // When it is ended from a plain thread, as the exit handler does
    let printed = Locked<[String]>([])
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        FailuresOutsideTests.$sink.withValue({ line in printed.withLock { $0.append(line) } }) {
          root.endSynchronously(waiter: SemaphoreWaiter())
        }
        continuation.resume()
      }
    }

    // Then both teardowns ran before it returned, and the failure was printed as a diagnostic
    #expect(journal.all == ["stop tool"])
    #expect(
      printed.value == [
        """
        \(#filePath):\(teardownLine): error: Teardown of fixture 'tool' threw: daemon did not stop
          registered at: CleanSlateTestingTests/ProcessScopeEndingTests.swift:\(teardownLine)
          fixture 'tool' declared at: CleanSlateTestingTests/ProcessScopeEndingTests.swift:\(teardownLine - 2)
          The other teardowns still ran.

        """
      ])
  }
}
