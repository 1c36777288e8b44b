import CleanSlateTestSupport
import Dispatch
import Testing

@testable import CleanSlate

/// Rule "Async work": when the test body ends, the work tracker is awaited up to its timeout;
/// work still running then is reported by label, at the line that started it, and its task is
/// cancelled — before any teardown.
@Suite struct WorkTrackerEndOfBodyTests {
  @Test func workFinishingInTimeRaisesNoIssue() async throws {
    // Given a test whose body starts work that finishes shortly after the body
    let journal = Journal()
    let test = Scopes().test()
    try await test.withCurrent {
      let tracker = try await usePatientWorkTracker()
      tracker.start("short") {
        try await Task.sleep(for: .milliseconds(10))
        journal.record("work done")
      }
    }

    // When the body ends
    let failures = await test.finishBodyCollectingFailures()
    // Then the end of the body waited for the work, and nothing was reported
    #expect(failures.isEmpty)
    #expect(journal.all == ["work done"])
    #expect(!test.hasFailed)
    #expect(await test.endCollectingFailures().isEmpty)
  }

  @Test func workOutlivingTheTimeoutIsReportedByLabelAndCancelled() async throws {
    // Given a test whose body starts work that never finishes by itself
    let test = Scopes().test("Suite/slow()")
    let (task, line) = try await test.withCurrent {
      let tracker = try await use(.workTracker)
      tracker.timeout = .milliseconds(50)
      let line = #line + 1
      let task = tracker.start("sync forever") { try await Task.sleep(for: .seconds(60)) }
      return (task, line)
    }

    // When the body ends
    let failures = await test.finishBodyCollectingFailures()
    // Then one issue names the work, points at the line that started it, and the task was
    // cancelled
    #expect(failures.map(\.code) == [.workOutlivedTest])
    let failure = try #require(failures.first)
    #expect(
      failure.summary
        == "Tracked work 'sync forever' was still running 0.05 seconds after the body of 'Suite/slow()' ended; it was cancelled."
    )
    #expect(failure.location.fileID == #fileID)
    #expect(failure.location.line == line)
    #expect(await task.result.isCancellation)
    #expect(test.hasFailed)
    await test.end()
  }

  @Test func eachPieceOfWorkStillRunningIsReportedOnceFinishedWorkIsNot() async throws {
    // Given two pieces of work that hang and one that finishes
    let test = Scopes().test()
    let release = DispatchSemaphore(value: 0)
    try await test.withCurrent {
      let tracker = try await use(.workTracker)
      tracker.timeout = .milliseconds(50)
      tracker.start("quick") {}
      tracker.start("hangs") { try await Task.sleep(for: .seconds(60)) }
      tracker.async("blocks a queue", on: DispatchQueue(label: "blocked")) { release.wait() }
    }

    // When the body ends
    let failures = await test.finishBodyCollectingFailures()
    release.signal()

    // Then the two that hang are reported, in the order they started; the GCD work is said to
    // run on
    #expect(failures.map(\.code) == [.workOutlivedTest, .workOutlivedTest])
    #expect(
      failures.map(\.summary) == [
        "Tracked work 'hangs' was still running 0.05 seconds after the body of 'Suite/test()' ended; it was cancelled.",
        "Tracked work 'blocks a queue' was still running 0.05 seconds after the body of 'Suite/test()' ended; GCD work cannot be cancelled and runs on.",
      ])
    await test.end()
  }

  @Test func theEndOfBodyWaitComesBeforeEveryTeardown() async throws {
    // Given a fixture with a teardown, and work started by the body
    let journal = Journal()
    let resource = Fixture("resource") { context in
      context.addTeardown { journal.record("teardown") }
    }
    let test = Scopes().test()
    try await test.withCurrent {
      try await use(resource)
      let tracker = try await usePatientWorkTracker()
      tracker.start("late") {
        try await Task.sleep(for: .milliseconds(20))
        journal.record("work done")
      }
    }

    // When the integration finishes the body and then ends the scope
    let bodyFailures = await test.finishBodyCollectingFailures()
    let teardownFailures = await test.endCollectingFailures()

    // Then the work finished before the teardown ran
    #expect(bodyFailures.isEmpty && teardownFailures.isEmpty)
    #expect(journal.all == ["work done", "teardown"])
  }

  @Test func unlabelledGroupWorkOutlivingTheTimeoutIsReportedAtTheTracker() async throws {
    // Given dispatch-group-style GCD code that entered the tracker's group and never left
    let test = Scopes().test()
    let tracker = try await test.withCurrent {
      let tracker = try await use(.workTracker)
      tracker.timeout = .milliseconds(50)
      tracker.group.enter()
      return tracker
    }

    // When the body ends
    let failures = await test.finishBodyCollectingFailures()
    tracker.group.leave()

    // Then the group's work is reported, unlabelled
    #expect(failures.map(\.code) == [.workOutlivedTest])
    #expect(
      failures.map(\.summary) == [
        "Tracked work 'unlabelled work in the tracker's DispatchGroup' was still running 0.05 seconds after the body of 'Suite/test()' ended; GCD work cannot be cancelled and runs on."
      ])
    await test.end()
  }

  @Test func eachTestGetsItsOwnTracker() async throws {
    // Given two tests of the same suite
    let scopes = Scopes()
    let first = scopes.test("Suite/first()")
    let second = scopes.test("Suite/second()")

    // When each asks for the tracker
    let a = try await first.withCurrent { try await use(.workTracker) }
    let b = try await second.withCurrent { try await use(.workTracker) }

    // Then they got different trackers
    #expect(a !== b)
    await first.end()
    await second.end()
  }
}

extension Result {
  /// Whether the result is a `CancellationError`.
  var isCancellation: Bool {
    if case .failure(let error) = self { return error is CancellationError }
    return false
  }
}
