import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Testing

extension Fixture where Value == Void {
  /// A test fixture whose teardown fails unless it runs shielded from cancellation.
  static let needsUncancelledTeardown = Fixture<Void>("needsUncancelledTeardown") { context in
    context.addTeardown {
      try await Task.sleep(for: .milliseconds(1))
      try Task.checkCancellation()
    }
  }
}

/// Rule "Teardown stack": a cancelled test is still torn down, shielded from its cancellation.
@Suite(.cleanSlate) struct CancelledTestTests {
  @Test(.fixtures(.needsUncancelledTeardown))
  func aCancelledTestIsTornDownWithoutFailing() throws {
    // Given a fixture whose teardown throws if it sees the test's cancellation
    // When the test cancels itself
    // Then it ends as cancelled, not failed (the teardown ran shielded and passed)
    try Test.cancel("cancelled on purpose to check its teardown")
  }

  /// Rule "One life": a test that cancelled itself ends as Swift Testing ends it without CleanSlate.
  @Test(.fixtures(.needsUncancelledTeardown))
  func aTestThatCancelsItsOwnTaskAndThrowsIsCancelledNotFailed() async throws {
    // Given a fixture whose teardown throws if it sees the test's cancellation
    // When the test cancels its own task, then throws the cancellation, as a task does
    // Then it ends as cancelled, as in plain Swift Testing, not failed with "Caught error"
    withUnsafeCurrentTask { $0?.cancel() }
    throw CancellationError()
  }

  /// Rule "One life": the task Swift Testing runs the test in sees the cancellation.
  @Test func aSelfCancelledTestCancelsTheTaskSwiftTestingRunsItIn() async throws {
    // Given the trait, driven in a task that stands for the one Swift Testing runs the test in
    let driver = TraitDriver()
    let outcome = Locked<(thrown: (any Error)?, cancelled: Bool)?>(nil)

    // When the body cancels its own task (the test's own, a child of that one) and throws
    let issues = try await driver.run {
      await Task {
        var thrown: (any Error)?
        do {
          try await CleanSlateTrait.cleanSlate.provideScope(for: .test("Suite/cancels()")) {
            withUnsafeCurrentTask { $0?.cancel() }
            throw CancellationError()
          }
        } catch {
          thrown = error
        }
        outcome.withLock { $0 = (thrown, Task.isCancelled) }
      }.value
    }

    // Then the cancellation is rethrown in a cancelled task, which Swift Testing records as a
    // cancelled test, and nothing is recorded
    #expect(outcome.value?.thrown is CancellationError)
    #expect(outcome.value?.cancelled == true)
    #expect(issues.isEmpty)
  }

  @Test func teardownStillRunsAndIsNotToldTheCancelledTestFailed() async throws {
    // Given a trait with a fixture that records its teardown
    let driver = TraitDriver()
    let journal = Journal()
    let resource = Fixture<Void>("resource") { context in
      context.addTeardown {
        try await Task.sleep(for: .milliseconds(1))
        journal.record("torn down, test failed: \(context.testFailed)")
      }
    }
    let trait: CleanSlateTrait = .fixtures(resource)

    // When the test's task is cancelled in the middle of the body
    let outcome = Locked<Result<Void, any Error>?>(nil)
    let issues = try await driver.run {
      let test = Task {
        try await trait.provideScope(for: .test("Suite/cancelled()")) {
          withUnsafeCurrentTask { $0?.cancel() }
          try Task.checkCancellation()
          journal.record("body went on")
        }
      }
      let result = await test.result
      outcome.withLock { $0 = result }
    }

    // Then the cancellation is rethrown, the teardown ran, and nothing was reported
    #expect(throws: CancellationError.self) { try outcome.value?.get() }
    #expect(issues.isEmpty)
    #expect(journal.all == ["torn down, test failed: false"])
  }
}
