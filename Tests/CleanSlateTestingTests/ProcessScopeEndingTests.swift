import CleanSlate
import Dispatch
import Testing

@testable import CleanSlateTesting

/// Swift Testing has no end-of-run hook: the process scope is ended at exit, blocking until its
/// teardowns have run, and their failures are printed.
@Suite struct ProcessScopeEndingTests {
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
