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
