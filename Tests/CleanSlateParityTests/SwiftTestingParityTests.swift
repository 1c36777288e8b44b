import CleanSlate
import CleanSlateTestSupport
import Testing

@testable import CleanSlateTesting

/// The shared scenario through the Swift Testing traits, driven as the runner nests them, with
/// the suite's tests run one after another so that the order can be compared with XCTest's.
@Suite struct SwiftTestingParityTests {
  @Test func theTraitsProduceTheSameEventsAndFailuresAsFixtureTestCase() async throws {
    // Given the shared fixtures, `.cleanSlate` on the suite and `.fixtures(broken)` on one test
    _ = ParityScenario.takeEvents()
    let suiteTrait: CleanSlateTrait = .cleanSlate
    let brokenTraitLine = #line + 1
    let brokenTrait: CleanSlateTrait = .fixtures(ParityScenario.broken)
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(nil), sink: .collecting)

    // When the suite runs its three tests
    let issues = try await collectingIssues {
      try await root.withCurrent {
        try await suiteTrait.provideScope(for: ScopeTarget(.suite, name: "Parity")) {
          try await suiteTrait.provideScope(for: ScopeTarget(.test, name: "Parity/passing()")) {
            try await ParityScenario.passingBody()
          }
          try await suiteTrait.provideScope(for: ScopeTarget(.test, name: "Parity/failing()")) {
            try await ParityScenario.failingBody()
            Issue.record(Comment(rawValue: ParityScenario.failureMessage))
          }
          let broken = ScopeTarget(.test, name: "Parity/brokenSetup()")
          try await suiteTrait.provideScope(for: broken) {
            try await brokenTrait.provideScope(for: broken) { ParityScenario.brokenSetupBody() }
          }
        }
      }
    }

    // Then the events are the shared expectation, and the two failures are the failing test's
    // own and the setup failure, at the trait that asked for the broken fixture, naming its
    // declaration
    #expect(ParityScenario.takeEvents() == ParityScenario.expectedEvents)
    #expect(issues.count == 2)
    #expect(issues.first?.comments.map(\.rawValue) == [ParityScenario.failureMessage])
    let setupFailure = try #require(issues.last)
    #expect(setupFailure.sourceLocation?.line == brokenTraitLine)
    #expect(setupFailure.cleanSlateError?.declaration?.line == ParityScenario.brokenLine)
    #expect(
      setupFailure.text == """
        Setup of fixture 'broken' threw: parity setup failure
          asked for at: CleanSlateParityTests/SwiftTestingParityTests.swift:\(brokenTraitLine)
          fixture 'broken' declared at: CleanSlateParityTests/ParityScenario.swift:\(ParityScenario.brokenLine)
          The test body was not run; what it set up is torn down when the test ends.
        """)
  }
}
