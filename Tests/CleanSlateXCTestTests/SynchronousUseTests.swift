import CleanSlateXCTest
import Foundation
import XCTest

/// `use(_:)` from synchronous code (`setUpWithError()`, a test method that is not `async`):
/// the same caching, teardown order and failure reports as the `async` overload.
final class SynchronousUseTests: XCTestCase {
  nonisolated(unsafe) private static var runs: [String: NestedRun] = [:]

  override class func setUp() {
    super.setUp()
    runs = [
      "passing": NestedRun(
        SynchronousUseCase.self, [("usesConnection", SynchronousUseCase.usesConnection)]),
      "failingSetup": NestedRun(
        SynchronousUseCase.self, [("failingSetup", SynchronousUseCase.failingSetup)]),
      "mainActor": NestedRun(
        SynchronousUseCase.self, [("usesMainActorFixture", SynchronousUseCase.usesMainActorFixture)]
      ),
    ]
  }

  func testFixtureUsedFromSetUpWithErrorIsCachedForTheTestAndTornDownAfterTearDown() throws {
    // Given a synchronous setUpWithError and a synchronous test body that both use a fixture
    // When the test runs
    let run = try XCTUnwrap(Self.runs["passing"])

    // Then it was set up once, the body saw the same value, and its teardown ran after tearDown
    XCTAssertEqual(
      run.events,
      [
        "connection opened", "body uses the connection (same: true)", "tearDown()",
        "connection closed",
      ])
    XCTAssertEqual(run.failureCount, 0)
  }

  func testSetupFailureIsRecordedOnceAtTheLineThatAskedAndTheBodyIsSkipped() throws {
    // Given a fixture whose setup throws, used from a synchronous setUpWithError
    // When the test runs
    let run = try XCTUnwrap(Self.runs["failingSetup"])

    // Then the body did not run and the one failure is at the line that asked, naming the
    // fixture's declaration
    XCTAssertEqual(run.events, ["tearDown()"])
    XCTAssertEqual(run.failureCount, 1)
    let failure = try XCTUnwrap(run.failures.first)
    XCTAssertEqual(failure.filePath, #filePath)
    XCTAssertEqual(failure.line, SynchronousUseCase.brokenUseLine)
    XCTAssertEqual(
      failure.description,
      """
      Setup of fixture 'broken' threw: \(CocoaError(.fileReadNoPermission))
        asked for at: CleanSlateXCTestTests/SynchronousUseTests.swift:\(SynchronousUseCase.brokenUseLine)
        fixture 'broken' declared at: CleanSlateXCTestTests/SynchronousUseTests.swift:\(SynchronousUseCase.brokenLine)
        What it set up before it threw is torn down when the test ends.
      """)
  }

  func testFixtureWhoseSetupNeedsTheMainActorIsServedWhileTheMainThreadWaits() throws {
    // Given a fixture whose setup runs on the main actor
    // When a synchronous test body uses it on the main thread, where XCTest runs tests
    let run = try XCTUnwrap(Self.runs["mainActor"])

    // Then its setup ran on the main thread and the body got its value: no deadlock
    XCTAssertEqual(run.events, ["setup on main thread: true", "body got 7", "tearDown()"])
    XCTAssertEqual(run.failureCount, 0)
  }
}

final class SynchronousUseCase: RecordingTestCase {
  static let connection = Fixture("connection") { context in
    log("connection opened")
    context.addTeardown { log("connection closed") }
    return Connection()
  }

  static let brokenLine = #line + 1
  static let broken = Fixture<Int>("broken") { _ in
    throw CocoaError(.fileReadNoPermission)
  }

  static let mainActorValue = Fixture("mainActorValue") { _ in
    await MainActor.run {
      log("setup on main thread: \(Thread.isMainThread)")
      return 7
    }
  }

  private var connection: Connection?

  static let brokenUseLine = #line + 4
  override func setUpWithError() throws {
    try super.setUpWithError()
    if name.hasSuffix("usesConnection") { connection = try use(Self.connection) }
    if name.hasSuffix("failingSetup") { _ = try use(Self.broken) }
  }

  override func tearDown() {
    log("tearDown()")
    connection = nil
    super.tearDown()
  }

  func usesConnection() throws {
    let again = try use(Self.connection)
    log("body uses the connection (same: \(again === connection))")
  }

  func failingSetup() { log("body that must not run") }

  func usesMainActorFixture() throws {
    log("body got \(try use(Self.mainActorValue))")
  }
}

/// A stand-in for a resource with an identity.
final class Connection: Sendable {}
