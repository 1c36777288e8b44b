import CleanSlateXCTest
import XCTest

/// `verifyLater(_:)` verifies at the end of the body; `expectDeallocation(of:)` (rule
/// "Leak checks") checks once every teardown has run. Both fail at the line that registered
/// them.
final class CheckTests: XCTestCase {
  nonisolated(unsafe) private static var runs: [String: NestedRun] = [:]

  override class func setUp() {
    super.setUp()
    runs = [
      "verifyPasses": NestedRun(ChecksCase.self, [("verifyPasses", ChecksCase.verifyPasses)]),
      "verifyFails": NestedRun(ChecksCase.self, [("verifyFails", ChecksCase.verifyFails)]),
      "released": NestedRun(ChecksCase.self, [("releasesObjects", ChecksCase.releasesObjects)]),
      "leaked": NestedRun(ChecksCase.self, [("leaksObject", ChecksCase.leaksObject)]),
    ]
  }

  func testVerificationThatPassesRecordsNothing() throws {
    // When a registered mock verifies fine
    let run = try XCTUnwrap(Self.runs["verifyPasses"])

    // Then it was verified at the end of the body and the test passed
    XCTAssertEqual(run.events, ["body", "verified", "tearDown()"])
    XCTAssertEqual(run.failureCount, 0)
  }

  func testVerificationThatFailsIsReportedAtTheRegisteringLineAfterTheBodysFailure() throws {
    // When the body fails and a registered mock fails its verification
    let run = try XCTUnwrap(Self.runs["verifyFails"])

    // Then it was still verified; the body's failure comes first, then the mock's, at its line
    XCTAssertEqual(run.failureCount, 2)
    XCTAssertEqual(run.failures.count, 2)
    XCTAssertEqual(run.failures.first?.description, "failed - body failure")
    let failure = try XCTUnwrap(run.failures.last)
    XCTAssertEqual(failure.filePath, #filePath)
    XCTAssertEqual(failure.line, ChecksCase.verifyLine)
    XCTAssertEqual(
      failure.description,
      """
      Mock registered with verifyLater failed verification: \(CocoaError(.userCancelled))
        registered at: CleanSlateXCTestTests/CheckTests.swift:\(ChecksCase.verifyLine)
        It was verified when the test body ended.
      """)
  }

  func testObjectsReleasedByTheEndOfTheTestPassTheLeakCheck() throws {
    // When a local object and one held by a resettable are expected to be deallocated
    let run = try XCTUnwrap(Self.runs["released"])

    // Then both were gone once every teardown ran
    XCTAssertEqual(run.failureCount, 0)
  }

  func testObjectStillAliveAfterEveryTeardownIsReportedWithItsTypeAndLine() throws {
    // When an object held by a plain stored property is expected to be deallocated
    let run = try XCTUnwrap(Self.runs["leaked"])

    // Then it is reported with its type, at the line that registered it
    XCTAssertEqual(run.failureCount, 1)
    let failure = try XCTUnwrap(run.failures.first)
    XCTAssertEqual(failure.line, ChecksCase.leakLine)
    XCTAssertEqual(
      failure.description,
      """
      Leaky was still alive after every teardown of the test.
        expected at: CleanSlateXCTestTests/CheckTests.swift:\(ChecksCase.leakLine)
        Something still holds it: a retain cycle, a cache, a global, or a stored property of an XCTest test case (use @Resettable for those).
      """)
  }
}

final class ChecksCase: RecordingTestCase {
  struct Mock: SelfVerifying {
    var fails = false
    func verify() throws {
      log("verified")
      if fails { throw CocoaError(.userCancelled) }
    }
  }
  final class Leaky {}

  static let verifyLine = #line + 11
  static let leakLine = #line + 22
  var keeper: Leaky?
  @Resettable var subject: Leaky!

  func verifyPasses() {
    verifyLater(Mock())
    log("body")
  }

  func verifyFails() {
    verifyLater(Mock(fails: true))
    XCTFail("body failure")
  }

  func releasesObjects() {
    subject = Leaky()
    expectDeallocation(of: subject)
    expectDeallocation(of: Leaky())
  }

  func leaksObject() {
    keeper = Leaky()
    expectDeallocation(of: keeper!)
  }

  override func tearDown() {
    log("tearDown()")
    super.tearDown()
  }
}
