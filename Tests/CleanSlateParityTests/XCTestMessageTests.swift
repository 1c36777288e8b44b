import CleanSlate
import CleanSlateXCTest
import XCTest

/// Every message the engine records, through `FixtureTestCase`: each failure is the whole
/// message, at the line it names. ``SwiftTestingMessageTests`` expects the same texts through
/// the traits.
final class XCTestMessageTests: XCTestCase {
  nonisolated(unsafe) private static var run: NestedXCTestRun?

  override class func setUp() {
    super.setUp()
    run = NestedXCTestRun(
      MessageCase.self,
      MessageScenario.allCases.map { scenario in
        (
          scenario.rawValue,
          asyncTest { (_: MessageCase) in
            { try await scenario.run(Checks()) }
          }
        )
      })
  }

  func testEachMessageIsRecordedWholeAtItsLine() throws {
    let run = try XCTUnwrap(Self.run)
    for scenario in MessageScenario.allCases {
      // When the scenario ran as a test of a FixtureTestCase
      let recorded = run.failures(of: scenario.rawValue).map { failure in
        MessageScenario.Expected(text: failure.description, line: failure.line)
      }

      // Then its failures are exactly the expected messages, at their lines, in order
      XCTAssertEqual(
        recorded, scenario.expected(testName: "MessageCase.\(scenario.rawValue)"),
        "\(scenario)")
    }
  }
}

/// The message scenarios as tests of a `FixtureTestCase`.
final class MessageCase: NestedCase {}
