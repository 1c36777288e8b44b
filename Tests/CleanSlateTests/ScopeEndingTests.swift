import Testing

@testable import CleanSlate

/// The synchronous shortcuts integrations take when a scope has nothing to run.
@Suite struct ScopeEndingTests {
  @Test func anIdleScopeEndsAtOnceAndOnlyOnce() async {
    // Given an observed test scope in which nothing was registered
    let recorder = EventRecorder()
    let test = Scopes(observer: recorder).test("Suite/idle()")

    // When it is ended synchronously, and then again the usual way
    let endedAtOnce = test.endIfIdle()
    let later = await test.end()

    // Then it ended the first time, emitting one end event, and the second call did nothing
    #expect(endedAtOnce)
    #expect(later.isEmpty)
    #expect(
      recorder.outline.filter { $0.hasPrefix("scopeEnd Suite/idle()") } == [
        "scopeEnd Suite/idle() passed"
      ])
  }

  @Test func aScopeWithTeardownsIsLeftForEnd() async throws {
    // Given a test scope with a teardown
    let journal = Journal()
    let resource = Fixture("resource") { context in
      context.addTeardown { journal.record("teardown") }
    }
    let test = Scopes().test()
    try await test.use(resource, at: CodeLocation())

    // When the synchronous shortcut is tried
    let endedAtOnce = test.endIfIdle()

    // Then it declines, and end() still runs the teardown
    #expect(!endedAtOnce)
    #expect(journal.all.isEmpty)
    _ = await test.end()
    #expect(journal.all == ["teardown"])
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
