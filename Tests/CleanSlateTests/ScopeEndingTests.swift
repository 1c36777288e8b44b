import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// The synchronous way integrations end a scope from XCTest's hooks and exit handlers
/// (`endSynchronously`): a thin wrapper of `end()`, with the same teardowns, order, limits and
/// reports, while the calling thread waits.
@Suite struct ScopeEndingTests {
  /// A test scope whose failures go to `log`, for scopes ended on threads of their own.
  private func test(
    _ name: String = "Suite/test()", observer: (any LifecycleObserver)? = nil, log: FailureLog
  ) -> ScopeRuntime {
    ScopeRuntime(.test, name: name, parent: Scopes(observer: observer).suite, sink: log.sink)
  }

  @Test func anIdleScopeEndsAtOnceAndOnlyOnce() async {
    // Given an observed test scope in which nothing was registered
    let recorder = EventRecorder()
    let log = FailureLog()
    let test = test("Suite/idle()", observer: recorder, log: log)

    // When it is ended synchronously, and then again both ways
    await onOwnThread { test.endSynchronously(waiter: SemaphoreWaiter()) }
    await onOwnThread { test.endSynchronously(waiter: SemaphoreWaiter()) }
    await test.end()

    // Then it ended the first time, emitting one end event; the later calls did nothing
    #expect(log.failures.isEmpty)
    #expect(
      recorder.outline.filter { $0.hasPrefix("scopeEnd Suite/idle()") } == [
        "scopeEnd Suite/idle() passed"
      ])
  }

  @Test func synchronousTeardownsRunLastInFirstOutOffTheCallingThread() async throws {
    // Given a test scope whose two fixtures registered synchronous teardowns
    let journal = Journal()
    let caller = Locked<ObjectIdentifier?>(nil)
    let first = Fixture("first") { context in
      context.addTeardown {
        journal.record("first torn down")
        journal.record(
          ObjectIdentifier(Thread.current) == caller.value ? "on the caller" : "off the caller")
      }
    }
    let second = Fixture("second") { context in
      _ = try await context.use(first)
      context.addTeardown { journal.record("second torn down") }
    }
    let log = FailureLog()
    let test = test(log: log)
    try await test.use(second, at: CodeLocation())

    // When the scope is ended synchronously from a thread of the test's own
    await onOwnThread {
      caller.withLock { $0 = ObjectIdentifier(Thread.current) }
      test.endSynchronously(waiter: SemaphoreWaiter())
    }

    // Then both ran, last in first out, on a thread other than the caller's, and nothing failed
    #expect(journal.all == ["second torn down", "first torn down", "off the caller"])
    #expect(log.failures.isEmpty)
  }

  @Test func aThrowingTeardownIsReportedAndTheOthersStillRun() async throws {
    // Given a throwing synchronous teardown between two others
    let journal = Journal()
    let fixture = Fixture("resource") { context in
      context.addTeardown { journal.record("registered first") }
      context.addTeardown { throw Boom(label: "disk full") }
      context.addTeardown { journal.record("registered last") }
    }
    let log = FailureLog()
    let test = test(log: log)
    try await test.use(fixture, at: CodeLocation())

    // When the scope is ended synchronously
    await onOwnThread { test.endSynchronously(waiter: SemaphoreWaiter()) }

    // Then the failure is recorded once, naming the fixture, the others ran, the test failed
    #expect(journal.all == ["registered last", "registered first"])
    #expect(log.failures.map(\.code) == [.teardownFailed])
    #expect(log.failures.first?.summary == "Teardown of fixture 'resource' threw: disk full")
    #expect(test.hasFailed)
  }

  @Test func aBlockedTeardownIsAbandonedAtItsLimitAndTheRestRun() async throws {
    // Given a synchronous teardown that blocks past its limit, registered after another one
    let journal = Journal()
    let release = Locked(false)
    let fixture = Fixture("blocking") { context in
      context.addTeardown { journal.record("registered before") }
      context.addTeardown(timeout: .milliseconds(50)) {
        while !release.value { usleep(1000) }
      }
    }
    let log = FailureLog()
    let test = test(log: log)
    try await test.use(fixture, at: CodeLocation())

    // When the scope is ended synchronously
    await onOwnThread { test.endSynchronously(waiter: SemaphoreWaiter()) }
    release.withLock { $0 = true }

    // Then the caller got control back with the timeout recorded, and the other one ran
    #expect(log.failures.map(\.code) == [.teardownTimedOut])
    #expect(
      log.failures.map(\.summary) == [
        "Teardown of fixture 'blocking' did not finish within 0.05 seconds and was abandoned."
      ])
    #expect(journal.all == ["registered before"])
  }

  @Test func theTraceShowsEachTeardownAndTheScopeEnd() async throws {
    // Given an observed test scope with one fixture that registered a teardown
    let recorder = EventRecorder()
    let fixture = Fixture("db") { context in context.addTeardown {} }
    let test = test("Suite/traced()", observer: recorder, log: FailureLog())
    try await test.use(fixture, at: CodeLocation())

    // When the scope is ended synchronously
    await onOwnThread { test.endSynchronously(waiter: SemaphoreWaiter()) }

    // Then the trace has the teardown's begin and end, then the scope's end
    #expect(
      recorder.outline.suffix(3) == [
        "teardownBegin db", "teardownEnd db passed", "scopeEnd Suite/traced() passed",
      ])
  }

  @Test func asynchronousTeardownsAndChecksRunTheSameWay() async throws {
    // Given a test scope with an asynchronous teardown beside a synchronous one, and a check
    // to run after them
    let journal = Journal()
    let resource = Fixture("resource") { context in
      context.addTeardown { journal.record("sync") }
      context.addTeardown { () async in journal.record("async") }
    }
    let log = FailureLog()
    let test = test(log: log)
    try await test.use(resource, at: CodeLocation())
    test.addAfterTeardownCheck {
      journal.record("checked")
      return []
    }

    // When the scope is ended synchronously
    await onOwnThread { test.endSynchronously(waiter: SemaphoreWaiter()) }

    // Then every teardown ran, last in first out, then the check
    #expect(journal.all == ["async", "sync", "checked"])
    #expect(log.failures.isEmpty)
  }

  @Test func bodyEndChecksAreVisibleBeforeTheyRun() async {
    // Given a test scope
    let test = Scopes().test()
    #expect(!test.hasBodyEndChecks)

    // When a check is registered for the end of the body
    test.addBodyEndCheck { [] }

    // Then the scope says so until the body is finished
    #expect(test.hasBodyEndChecks)
    await test.finishBody()
    #expect(!test.hasBodyEndChecks)
    await test.end()
  }
}

/// Runs `body` on a thread of its own and returns its result: a blocking wait must not hold
/// one of Swift concurrency's cooperative threads.
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}
