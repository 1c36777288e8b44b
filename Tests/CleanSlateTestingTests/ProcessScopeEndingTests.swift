import CleanSlate
import CleanSlateTestSupport
import Dispatch
import Foundation
import Testing

@testable import CleanSlateTesting

/// Swift Testing has no end-of-run hook: the process scope is ended at exit, blocking until its
/// teardowns have run, and their failures are printed and fail the run.
@Suite struct ProcessScopeEndingTests {
  @Test func aProcessTeardownThatFailsAtExitFailsTheRun() async throws {
    // Given a test process whose process-scoped fixture's teardown throws
    let probe = try HelperExecutable(named: "CleanSlateRunEndProbe")

    // When the process exits after its tests
    let outcome = try await probe.run(["testing", "failing"])

    // Then the teardown ran, its failure is printed, and the process exits with a failure status
    #expect(outcome.standardOutput.contains("process teardown ran"))
    #expect(
      outcome.standardError.contains(
        "[CleanSlate] process scope: Teardown of fixture 'tornDownAtTheEnd' threw"))
    #expect(outcome.status == EXIT_FAILURE)
  }

  @Test func aProcessTeardownThatSucceedsAtExitLeavesTheStatusAlone() async throws {
    // Given a test process whose process-scoped fixture tears down cleanly
    let probe = try HelperExecutable(named: "CleanSlateRunEndProbe")

    // When the process exits after its tests
    let outcome = try await probe.run(["testing", "passing"])

    // Then the teardown ran and the process exits successfully, printing nothing of ours
    #expect(outcome.standardOutput.contains("process teardown ran"))
    #expect(!outcome.standardError.contains("[CleanSlate]"))
    #expect(outcome.status == EXIT_SUCCESS)
  }

  @Test func endingFromSynchronousCodeWaitsForEveryTeardownAndReturnsFailures() async throws {
    // Given a process-like scope with two teardowns, one of which throws
    let journal = Journal()
    let root = ScopeRuntime(.process, name: "process", parent: nil, observer: .some(nil))
    let tool = Fixture<Void>("tool", scope: .process) { context in
      context.addTeardown { journal.record("stop tool") }
      context.addTeardown {
        try await Task.sleep(for: .milliseconds(5))
        throw Boom(label: "daemon did not stop")
      }
    }
    try await root.use(tool, at: CodeLocation())

    // When it is ended from a plain thread, as the exit handler does
    let failures = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: ProcessScopeEnding.endBlocking(root))
      }
    }

    // Then both teardowns ran before it returned, and the failure is printed as one message
    #expect(journal.all == ["stop tool"])
    #expect(failures.map(\.code) == [.teardownFailed])
    let message = try ProcessScopeEnding.message(for: #require(failures.first))
    #expect(message.hasPrefix("[CleanSlate] process scope: Teardown of fixture 'tool' threw"))
  }
}
