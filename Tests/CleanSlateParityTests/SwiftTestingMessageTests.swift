import CleanSlate
import CleanSlateTestSupport
import Testing

@testable import CleanSlateTesting

/// Every message the engine records, through the Swift Testing traits: each issue is a comment
/// with the whole message — no "Caught error:" in front — at the line the message names.
/// ``XCTestMessageTests`` expects the same texts through `FixtureTestCase`.
@Suite struct SwiftTestingMessageTests {
  @Test(arguments: MessageScenario.allCases)
  func eachMessageIsRecordedWholeAtItsLine(_ scenario: MessageScenario) async throws {
    // When the scenario runs as a test with the trait
    let run = try await TraitRun { try await scenario.run(Checks()) }

    // Then its issues are exactly the expected messages, at their lines, in order
    let recorded = run.issues.map { issue in
      MessageScenario.Expected(text: issue.text, line: issue.sourceLocation?.line ?? 0)
    }
    #expect(recorded == scenario.expected(testName: "Checks/test()"))
    #expect(run.issues.allSatisfy { $0.cleanSlateError != nil && $0.error == nil })
  }
}
