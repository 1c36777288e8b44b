import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlateTesting

/// The check scenarios through the Swift Testing traits: a base test case's helpers as global
/// functions, and the edge cases of their contract.
@Suite struct SwiftTestingCheckTests {
  @Test func verifyLaterRunsAfterTrackedWorkHasBeenAwaited() async throws {
    // When a test registers a mock that work it started calls after the body ended
    let run = try await TraitRun {
      try await CheckScenario.verifyAfterTrackedWork(Checks())
    }

    // Then the mock was verified after the work was awaited, and passed
    #expect(run.issues.isEmpty)
    #expect(run.thrown == nil)
  }

  @Test func aFailedVerificationIsReportedAtItsLineEvenWhenTheBodyThrew() async throws {
    // When the body registers a mock that is never called, then throws
    let run = try await TraitRun {
      try await CheckScenario.verifyFailsAfterTheBodyThrew(Checks())
    }

    // Then the body's error stays the test's own, and the verification failure is one issue at
    // the line that registered the mock
    #expect(run.thrown is CheckScenario.BodyError)
    #expect(run.issues.map(\.text) == [CheckScenario.verifyFailsMessage])
    #expect(run.issues.first?.sourceLocation?.line == CheckScenario.verifyFailsLine)
  }

  @Test func fixtureValuesPassTheLeakCheckWhateverTheirTeardownsCaptured() async throws {
    // When a test expects the values of fixtures whose teardowns capture the value or the
    // context to be deallocated
    let run = try await TraitRun {
      try await CheckScenario.fixtureValuesAreReleased(Checks())
    }

    // Then they were gone once every teardown had run
    #expect(run.issues.isEmpty)
  }

  @Test func anObjectStillAliveAfterEveryTeardownIsReportedWithItsType() async throws {
    // When a test expects an object that a global keeps to be deallocated
    let run = try await TraitRun { CheckScenario.survivorIsReported(Checks()) }
    CheckScenario.keeper.withLock { $0 = nil }

    // Then one issue names its type, at the line that registered it
    #expect(run.issues.map(\.text) == [CheckScenario.survivorMessage])
    #expect(run.issues.first?.sourceLocation?.line == CheckScenario.survivorLine)
  }

  @Test func aNotificationPostedAfterTheBodyEndedIsWaitedFor() async throws {
    // When the expected notification is posted by work nobody tracks, after the body ended
    let run = try await TraitRun { CheckScenario.notificationPostedLater(Checks()) }

    // Then the end of the body waited for it, and the test passed
    #expect(run.issues.isEmpty)
    #expect(CheckScenario.postedLater.value?.count == 1)
  }

  @Test func aNotificationNeverPostedIsReportedAndItsObserverRemoved() async throws {
    // When only another object posts the expected notification
    let run = try await TraitRun { CheckScenario.notificationNeverPosted(Checks()) }

    // Then one issue at the declaring line says it was not posted
    #expect(run.issues.map(\.text) == [CheckScenario.neverPostedMessage])
    #expect(run.issues.first?.sourceLocation?.line == CheckScenario.neverPostedLine)

    // And once the test is over, the observer is gone: a post no longer counts
    #expect(CheckScenario.postAfterNeverPosted() == 0)
  }

  @Test func aSetupFailureTheBodyCatchesIsStillReported() async throws {
    // When the body catches the setup failure of a dependency with try?
    let run = try await TraitRun { await CheckScenario.caughtSetupFailure() }

    // Then it is one issue at the line that asked, naming the failing fixture's declaration,
    // with the dependency path
    #expect(run.issues.map(\.text) == [CheckScenario.caughtSetupFailureMessage])
    let failure = try #require(run.issues.first?.cleanSlateError)
    #expect(failure.code == .setupFailed)
    #expect(failure.dependencyPath == ["client", "config"])
    #expect(failure.declaration?.line == CheckScenario.configLine)
    #expect(run.issues.first?.sourceLocation?.line == CheckScenario.caughtSetupFailureLine)
  }

  @Test func withKnownIssueTreatsASetupFailureAsKnown() async throws {
    // When the body uses the broken fixture inside withKnownIssue
    let run = try await TraitRun {
      await withKnownIssue { _ = try await use(CheckScenario.client) }
    }

    // Then every issue recorded is known, the setup failure and the error use threw: the test
    // passes
    #expect(run.issues.count == 2)
    #expect(run.issues.allSatisfy { !$0.isFailure })
    #expect(run.issues.first?.cleanSlateError?.fixture == "config")
    #expect(run.issues.last?.error is FixtureUnavailable)
  }

  @Test func expectSetupFailureReturnsTheFailureWithoutReportingIt() async throws {
    // When the body uses the broken fixture inside expectSetupFailure
    let run = try await TraitRun { await CheckScenario.expectedSetupFailure() }

    // Then nothing is reported, and the failure is returned
    #expect(run.issues.isEmpty)
    #expect(CheckScenario.expectedFailure.value?.dependencyPath == ["client", "config"])
  }

  @Test func expectSetupFailureAroundFixturesThatSetUpIsAFailure() async throws {
    // When expectSetupFailure surrounds a fixture that sets up fine
    let run = try await TraitRun { await CheckScenario.unexpectedlyNoSetupFailure() }

    // Then one issue at its line says so
    #expect(run.issues.map(\.text) == [CheckScenario.noFailureMessage])
    #expect(run.issues.first?.sourceLocation?.line == CheckScenario.noFailureLine)
  }

  @Test func aDomainAssertionFailsAtTheLineThatCalledIt() async throws {
    // When a test calls a domain assertion that forwards its location to reportFailure
    let run = try await TraitRun { CheckScenario.customAssertionFails() }

    // Then one issue, at the test's line, carries the assertion's message
    #expect(run.issues.map(\.text) == [CheckScenario.invalidUUIDMessage])
    #expect(run.issues.first?.sourceLocation?.line == CheckScenario.invalidUUIDLine)
  }

  @Test func withKnownIssueTreatsADomainAssertionAsKnown() async throws {
    // When the failing domain assertion runs inside withKnownIssue
    let run = try await TraitRun { withKnownIssue { CheckScenario.customAssertionFails() } }

    // Then its issue is known
    #expect(run.issues.count == 1)
    #expect(run.issues.allSatisfy { !$0.isFailure })
  }

  @Test func checksOutsideACleanSlateTestAreIssuesAtTheCallSite() async throws {
    // Given a run where CleanSlate's trait is in use
    ScopelessSwiftTestingCalls.registerOnce()

    // When the checks are called in a test that has no CleanSlate scope
    let lines = Locked<[Int]>([])
    let issues = try await collectingIssues {
      lines.withLock { $0.append(#line + 1) }
      verifyLater(CheckScenario.Mock())
      lines.withLock { $0.append(#line + 1) }
      expectDeallocation(of: CheckScenario.Server())
      lines.withLock { $0.append(#line + 1) }
      let expectation = expectNotification(CheckScenario.didSave)
      #expect(!expectation.isFulfilled)
    }

    // Then each records one issue at its own line, and nothing crashes
    #expect(issues.compactMap(\.sourceLocation?.line) == lines.value)
    let advice = "Add the .cleanSlate trait to the suite or the test (import CleanSlateTesting)."
    #expect(
      issues.map(\.text)
        == zip(
          [
            "verifyLater(Mock)", "expectDeallocation(of: Server)",
            "expectNotification(.CheckScenario.didSave)",
          ],
          lines.value
        ).map { call, line in
          """
          \(call) was called in a Swift Testing test without a CleanSlate scope.
            called at: CleanSlateParityTests/SwiftTestingCheckTests.swift:\(line)
            \(advice)
          """
        })
  }
}

/// One test run through the `.cleanSlate` trait under a private process scope: the issues it
/// recorded (kept out of the running test) and the error its body threw.
struct TraitRun {
  let issues: [RecordedIssue]
  let thrown: (any Error)?

  init(_ body: @escaping @Sendable () async throws -> Void) async throws {
    let thrown = Locked<(any Error)?>(nil)
    let trait: CleanSlateTrait = .cleanSlate
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(nil), sink: .collecting)
    issues = try await collectingIssues {
      do {
        try await root.withCurrent {
          try await trait.provideScope(
            for: ScopeTarget(.test, name: "Checks/test()"), performing: body)
        }
      } catch {
        thrown.withLock { $0 = error }
      }
      await root.end()
    }
    self.thrown = thrown.withLock { $0 }
  }
}
