import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// The synchronous way integrations end a scope (`endBlocking`): the same teardowns, order,
/// limits and reports as `end()`, without hopping into async code, and only when every
/// teardown is synchronous.
@Suite struct ScopeEndingTests {
  @Test func anIdleScopeEndsAtOnceAndOnlyOnce() async {
    // Given an observed test scope in which nothing was registered
    let recorder = EventRecorder()
    let test = Scopes(observer: recorder).test("Suite/idle()")

    // When it is ended synchronously, and then again both ways
    let first = test.endBlocking(waiter: SemaphoreWaiter())
    let second = test.endBlocking(waiter: SemaphoreWaiter())
    let later = await test.end()

    // Then it ended the first time, emitting one end event; the later calls did nothing
    #expect(first?.isEmpty == true)
    #expect(second?.isEmpty == true)
    #expect(later.isEmpty)
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
    let test = Scopes().test()
    try await test.use(second, at: CodeLocation())

    // When the scope is ended synchronously from a thread of the test's own
    let failures = try #require(
      await onOwnThread { () -> [CleanSlateError]? in
        caller.withLock { $0 = ObjectIdentifier(Thread.current) }
        return test.endBlocking(waiter: SemaphoreWaiter())
      })

    // Then both ran, last in first out, on a thread other than the caller's, and nothing failed
    #expect(journal.all == ["second torn down", "first torn down", "off the caller"])
    #expect(failures.isEmpty)
  }

  @Test func aThrowingTeardownIsReportedAndTheOthersStillRun() async throws {
    // Given a throwing synchronous teardown between two others
    let journal = Journal()
    let fixture = Fixture("resource") { context in
      context.addTeardown { journal.record("registered first") }
      context.addTeardown { throw Boom(label: "disk full") }
      context.addTeardown { journal.record("registered last") }
    }
    let test = Scopes().test()
    try await test.use(fixture, at: CodeLocation())

    // When the scope is ended synchronously
    let failures = try #require(await onOwnThread { test.endBlocking(waiter: SemaphoreWaiter()) })

    // Then the failure is reported once, naming the fixture, the others ran, the test failed
    #expect(journal.all == ["registered last", "registered first"])
    #expect(failures.map(\.code) == [.teardownFailed])
    #expect(failures.first?.summary == "Teardown of fixture 'resource' threw: disk full")
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
    let test = Scopes().test()
    try await test.use(fixture, at: CodeLocation())

    // When the scope is ended synchronously
    let failures = try #require(await onOwnThread { test.endBlocking(waiter: SemaphoreWaiter()) })
    release.withLock { $0 = true }

    // Then the caller got control back with the timeout reported, and the other one ran
    #expect(failures.map(\.code) == [.teardownTimedOut])
    #expect(failures.first?.summary.contains("'blocking' did not finish within") == true)
    #expect(journal.all == ["registered before"])
  }

  @Test func theTraceShowsEachTeardownAndTheScopeEnd() async throws {
    // Given an observed test scope with one fixture that registered a teardown
    let recorder = EventRecorder()
    let fixture = Fixture("db") { context in context.addTeardown {} }
    let test = Scopes(observer: recorder).test("Suite/traced()")
    try await test.use(fixture, at: CodeLocation())

    // When the scope is ended synchronously
    _ = await onOwnThread { test.endBlocking(waiter: SemaphoreWaiter()) }

    // Then the trace has the teardown's begin and end, then the scope's end
    #expect(
      recorder.outline.suffix(3) == [
        "teardownBegin db", "teardownEnd db passed", "scopeEnd Suite/traced() passed",
      ])
  }

  @Test func aScopeWithAnAsyncTeardownIsLeftForEnd() async throws {
    // Given a test scope with an asynchronous teardown beside a synchronous one
    let journal = Journal()
    let resource = Fixture("resource") { context in
      context.addTeardown { journal.record("sync") }
      context.addTeardown { () async in journal.record("async") }
    }
    let test = Scopes().test()
    try await test.use(resource, at: CodeLocation())

    // When the synchronous way is tried
    let endedAtOnce = test.endBlocking(waiter: SemaphoreWaiter())

    // Then it declines, changing nothing, and end() still runs both teardowns
    #expect(endedAtOnce == nil)
    #expect(journal.all.isEmpty)
    _ = await test.end()
    #expect(journal.all == ["async", "sync"])
  }

  @Test func aScopeWithAnAfterTeardownCheckIsLeftForEnd() async {
    // Given a test scope with a check to run after its teardowns
    let journal = Journal()
    let test = Scopes().test()
    test.addAfterTeardownCheck {
      journal.record("checked")
      return []
    }

    // When the synchronous way is tried
    let endedAtOnce = test.endBlocking(waiter: SemaphoreWaiter())

    // Then it declines, and end() runs the check
    #expect(endedAtOnce == nil)
    _ = await test.end()
    #expect(journal.all == ["checked"])
  }

  @Test func bodyEndChecksAreVisibleBeforeTheyRun() async {
    // Given a test scope
    let test = Scopes().test()
    #expect(!test.hasBodyEndChecks)

    // When a check is registered for the end of the body
    test.addBodyEndCheck { [] }

    // Then the scope says so until the body is finished
    #expect(test.hasBodyEndChecks)
    _ = await test.finishBody()
    #expect(!test.hasBodyEndChecks)
    _ = await test.end()
  }
}

/// Runs `body` on a thread of its own and returns its result: a blocking wait must not hold
/// one of Swift concurrency's cooperative threads.
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}
