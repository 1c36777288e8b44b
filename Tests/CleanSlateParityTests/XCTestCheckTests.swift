import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The check scenarios through `FixtureTestCase`: the same bodies as ``SwiftTestingCheckTests``,
/// with the same issues at the same lines.
final class XCTestCheckTests: XCTestCase {
  nonisolated(unsafe) private static var run: NestedXCTestRun?
  nonisolated(unsafe) private static var afterNeverPosted = -1

  override class func setUp() {
    super.setUp()
    run = NestedXCTestRun(
      CheckCase.self,
      [
        ("verifyAfterTrackedWork", asyncTest(CheckCase.verifyAfterTrackedWork)),
        ("verifyFailsAfterTheBodyThrew", asyncTest(CheckCase.verifyFailsAfterTheBodyThrew)),
        ("fixtureValuesAreReleased", asyncTest(CheckCase.fixtureValuesAreReleased)),
        ("survivorIsReported", CheckCase.survivorIsReported),
        ("notificationPostedLater", CheckCase.notificationPostedLater),
        ("notificationNeverPosted", CheckCase.notificationNeverPosted),
        ("caughtSetupFailure", asyncTest(CheckCase.caughtSetupFailure)),
        ("expectedSetupFailure", asyncTest(CheckCase.expectedSetupFailure)),
        ("unexpectedlyNoSetupFailure", asyncTest(CheckCase.unexpectedlyNoSetupFailure)),
        ("customAssertionFails", CheckCase.customAssertionFails),
      ])
    CheckScenario.keeper.withLock { $0 = nil }
    // Once the test is over, its observer is gone: a post no longer counts.
    afterNeverPosted = CheckScenario.postAfterNeverPosted()
  }

  private func failures(of test: String) throws -> [NestedXCTestRun.Failure] {
    try XCTUnwrap(Self.run).failures(of: test)
  }

  func testVerifyLaterRunsAfterTrackedWorkHasBeenAwaited() throws {
    // When a test registers a mock that work it started calls after the body ended
    // Then the mock was verified after the work was awaited, and passed
    XCTAssertEqual(try failures(of: "verifyAfterTrackedWork").map(\.description), [])
  }

  func testAFailedVerificationIsReportedAtItsLineAfterTheBodysError() throws {
    // When the body registers a mock that is never called, then throws
    let failures = try failures(of: "verifyFailsAfterTheBodyThrew")

    // Then the body's error, the test's own failure, is recorded first, as XCTest records it,
    // and the verification failure after it, at the registering line, when the body ended
    XCTAssertEqual(
      failures.map { "\($0.line): \($0.description)" },
      [
        #"0: threw error "body threw on purpose""#,
        "\(CheckScenario.verifyFailsLine): \(CheckScenario.verifyFailsMessage)",
      ])
  }

  func testFixtureValuesPassTheLeakCheckWhateverTheirTeardownsCaptured() throws {
    // When a test expects the values of fixtures whose teardowns capture the value or the
    // context to be deallocated
    // Then they were gone once every teardown had run
    XCTAssertEqual(try failures(of: "fixtureValuesAreReleased").map(\.description), [])
  }

  func testAnObjectStillAliveAfterEveryTeardownIsReportedWithItsType() throws {
    // When a test expects an object that a global keeps to be deallocated
    let failures = try failures(of: "survivorIsReported")

    // Then one failure names its type, at the line that registered it
    XCTAssertEqual(failures.map(\.description), [CheckScenario.survivorMessage])
    XCTAssertEqual(failures.first?.line, CheckScenario.survivorLine)
  }

  func testANotificationPostedAfterTheBodyEndedIsWaitedFor() throws {
    // When the expected notification is posted by work nobody tracks, after the body ended
    // Then the end of the body waited for it, and the test passed
    XCTAssertEqual(try failures(of: "notificationPostedLater").map(\.description), [])
  }

  func testANotificationNeverPostedIsReportedAndItsObserverRemoved() throws {
    // When only another object posts the expected notification
    let failures = try failures(of: "notificationNeverPosted")

    // Then one failure at the declaring line says it was not posted
    XCTAssertEqual(failures.map(\.description), [CheckScenario.neverPostedMessage])
    XCTAssertEqual(failures.first?.line, CheckScenario.neverPostedLine)

    // And once the test was over, a post no longer reached its observer
    XCTAssertEqual(Self.afterNeverPosted, 0)
  }

  func testASetupFailureTheBodyCatchesIsStillReported() throws {
    // When the body catches the setup failure of a dependency with try?
    let failures = try failures(of: "caughtSetupFailure")

    // Then it is one failure at the line that asked, naming the failing fixture's declaration,
    // with the dependency path
    XCTAssertEqual(failures.map(\.description), [CheckScenario.caughtSetupFailureMessage])
    XCTAssertEqual(failures.first?.line, CheckScenario.caughtSetupFailureLine)
  }

  func testExpectSetupFailureReturnsTheFailureWithoutReportingIt() throws {
    // When the body uses the broken fixture inside expectSetupFailure
    // Then nothing is reported, and the failure is returned
    XCTAssertEqual(try failures(of: "expectedSetupFailure").map(\.description), [])
    XCTAssertEqual(CheckScenario.expectedFailure.value?.dependencyPath, ["client", "config"])
  }

  func testExpectSetupFailureAroundFixturesThatSetUpIsAFailure() throws {
    // When expectSetupFailure surrounds a fixture that sets up fine
    let failures = try failures(of: "unexpectedlyNoSetupFailure")

    // Then one failure at its line says so
    XCTAssertEqual(failures.map(\.description), [CheckScenario.noFailureMessage])
    XCTAssertEqual(failures.first?.line, CheckScenario.noFailureLine)
  }

  func testADomainAssertionFailsAtTheLineThatCalledIt() throws {
    // When a test calls a domain assertion that forwards its location to reportFailure
    let failures = try failures(of: "customAssertionFails")

    // Then one failure, at the test's line, carries the assertion's message
    XCTAssertEqual(failures.map(\.description), [CheckScenario.invalidUUIDMessage])
    XCTAssertEqual(failures.first?.line, CheckScenario.invalidUUIDLine)
  }
}

/// The check scenarios as `FixtureTestCase` tests.
final class CheckCase: NestedCase {
  func verifyAfterTrackedWork() async throws {
    try await CheckScenario.verifyAfterTrackedWork(Checks())
  }
  func verifyFailsAfterTheBodyThrew() async throws {
    try await CheckScenario.verifyFailsAfterTheBodyThrew(Checks())
  }
  func fixtureValuesAreReleased() async throws {
    try await CheckScenario.fixtureValuesAreReleased(Checks())
  }
  func survivorIsReported() { CheckScenario.survivorIsReported(Checks()) }
  func notificationPostedLater() { CheckScenario.notificationPostedLater(Checks()) }
  func notificationNeverPosted() { CheckScenario.notificationNeverPosted(Checks()) }
  func caughtSetupFailure() async { await CheckScenario.caughtSetupFailure() }
  func expectedSetupFailure() async { await CheckScenario.expectedSetupFailure() }
  func unexpectedlyNoSetupFailure() async { await CheckScenario.unexpectedlyNoSetupFailure() }
  func customAssertionFails() { CheckScenario.customAssertionFails() }
}
