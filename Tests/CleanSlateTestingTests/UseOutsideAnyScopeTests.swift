import CleanSlate
import CleanSlateTestSupport
import Testing

@testable import CleanSlateTesting

/// `use(_:)` without a CleanSlate scope fails with a message that says why, at the line of the
/// call: no CleanSlate code runs before the error is thrown, so Swift Testing records it where
/// it puts every thrown error, and the message names the call.
@Suite struct UseOutsideAnyScopeTests {
  @Test func useInATestWithoutTheTraitNamesTheTraitToAdd() async throws {
    // Given a test that has no CleanSlate trait, in a run where the trait is in use
    ScopelessSwiftTestingCalls.registerOnce()

    // When it asks for a fixture
    let line = #line + 1  // inside #expect, the call reports the macro's line
    let error = await #expect(throws: CleanSlateError.self) {
      try await use(.answer)
    }

    // Then the failure says so, names the call's line, and says which trait to add
    #expect(
      error?.description == """
        use(.answer) was called in a Swift Testing test without a CleanSlate scope.
          called at: CleanSlateTestingTests/UseOutsideAnyScopeTests.swift:\(line)
          Add the .cleanSlate trait to the suite or the test (import CleanSlateTesting).
        """)
  }

  @Test func useFromADetachedTaskOfACleanSlateTestSaysTheTaskDoesNotInheritTheScope()
    async throws
  {
    // Given a test with the trait that starts a detached task
    let driver = TraitDriver()
    let thrown = Locked<(any Error)?>(nil)
    let line = Locked(0)

    // When the detached task asks for a fixture
    _ = try await driver.run {
      try await CleanSlateTrait.cleanSlate.provideScope(for: .test("Suite/detached()")) {
        await Task.detached {
          do {
            line.withLock { $0 = #line + 1 }
            _ = try await use(.answer)
          } catch {
            thrown.withLock { $0 = error }
          }
        }.value
      }
    }

    // Then the failure says the task does not inherit the test's scope, and the way out
    let error = try #require(thrown.value as? CleanSlateError)
    #expect(
      error.description == """
        use(.answer) was called from a task that does not inherit the running test's CleanSlate scope.
          called at: CleanSlateTestingTests/UseOutsideAnyScopeTests.swift:\(line.value)
          Tasks made with Task.detached, Dispatch queues and threads of their own do not see the test's scope. Pass the value in (get it with use in the test, before the work starts), or run the work in a child task: async let, a task group, or Task { } started by the test.
        """)
  }

  /// Rule "One life": a CleanSlateError the body throws is recorded as CleanSlate's failures are.
  @Test func aCleanSlateErrorThrownOutOfTheBodyIsRecordedOnceAtItsLineAsCleanSlatesFailuresAre()
    async throws
  {
    // Given a test with the trait whose body lets the error of a detached task's use propagate
    let driver = TraitDriver()
    let line = Locked(0)
    let thrown = Locked<(any Error)?>(nil)

    // When the test runs
    let issues = try await driver.run {
      do {
        try await CleanSlateTrait.cleanSlate.provideScope(for: .test("Suite/detached()")) {
          try await Task.detached {
            line.withLock { $0 = #line + 1 }
            _ = try await use(.answer)
          }.value
        }
      } catch {
        thrown.withLock { $0 = error }
      }
    }

    // Then it is one issue, at the line of the call, whose comment is the whole message without
    // "Caught error:", and nothing is left for Swift Testing to record again
    #expect(
      issues.map(\.text) == [
        """
        use(.answer) was called from a task that does not inherit the running test's CleanSlate scope.
          called at: CleanSlateTestingTests/UseOutsideAnyScopeTests.swift:\(line.value)
          Tasks made with Task.detached, Dispatch queues and threads of their own do not see the test's scope. Pass the value in (get it with use in the test, before the work starts), or run the work in a child task: async let, a task group, or Task { } started by the test.
        """
      ])
    #expect(issues.first?.sourceLocation?.line == line.value)
    #expect(issues.first?.isFailure == true)
    #expect(thrown.value == nil)
  }
}
