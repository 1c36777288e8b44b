import CleanSlate
import CleanSlateTestSupport
import XCTest

@testable import CleanSlateXCTest

/// What FixtureTestCase tells the lifecycle trace — the test method apart from setup and
/// teardown, the test's failures with their location, skipped tests — and what a failed test
/// gets attached.
final class TraceXCTests: XCTestCase {
  nonisolated(unsafe) private static var events: [LifecycleEvent] = []
  nonisolated(unsafe) private static var attachments: [FailureAttachment] = []
  nonisolated(unsafe) private static var run: NestedRun?

  override class func setUp() {
    super.setUp()
    let recorder = EventRecorder()
    let attached = Locked<[FailureAttachment]>([])
    SuiteScopes.shared.observer.withLock { $0 = recorder }
    FailureSink.$attachmentsDiverted.withValue({ a in attached.withLock { $0.append(a) } }) {
      run = NestedRun(
        TracedCase.self,
        [("passes", TracedCase.passes), ("fails", TracedCase.fails), ("skips", TracedCase.skips)])
    }
    SuiteScopes.shared.observer.withLock { $0 = nil }
    events = recorder.all
    attachments = attached.value
  }

  private func events(of test: String) -> [LifecycleEvent] {
    Self.events.filter { $0.scope == .test && $0.scopeName.hasSuffix(test) }
  }

  func testThePassingTestMethodSitsBetweenSetupAndTeardown() {
    // When a test that uses a fixture from setUpWithError passes
    let phases = events(of: "passes").map { "\($0.phase) \($0.outcome?.rawValue ?? "")" }

    // Then its body events come after the fixture's setup and before its teardown
    XCTAssertEqual(
      phases,
      [
        "scopeBegin ", "setupBegin ", "setupEnd passed", "bodyBegin ", "bodyEnd passed",
        "teardownBegin ", "teardownEnd passed", "scopeEnd passed",
      ])
  }

  func testAFailureIsTracedAtItsLineAndTheTestEndsFailed() throws {
    // When a test fails an assertion
    let issue = try XCTUnwrap(events(of: "fails").first { $0.phase == .issue })

    // Then the trace has the failure at its line, and the test failed
    XCTAssertEqual(issue.message, "failed - count was 2")
    XCTAssertEqual(issue.location?.line, TracedCase.failureLine)
    XCTAssertEqual(issue.location?.filePath, #filePath)
    XCTAssertEqual(events(of: "fails").last?.outcome, .failed)
  }

  func testASkippedTestEndsAsSkipped() {
    XCTAssertEqual(events(of: "skips").last?.phase, .scopeEnd)
    XCTAssertEqual(events(of: "skips").last?.outcome, .skipped)
    XCTAssertEqual(events(of: "skips").first { $0.phase == .bodyEnd }?.outcome, .skipped)
  }

  func testOnlyTheFailedTestGetsItsOutlineAttached() throws {
    XCTAssertEqual(Self.attachments.map(\.name), ["lifecycle outline.txt"])
    let outline = try XCTUnwrap(Self.attachments.first?.contents)
    XCTAssertTrue(outline.contains("ISSUE"), outline)
    XCTAssertTrue(outline.contains("fails"), outline)
    XCTAssertTrue(outline.hasSuffix("failed\n"), outline)
  }

  func testTheNestedRunCountedTheOneFailure() {
    XCTAssertEqual(Self.run?.failureCount, 1)
  }
}

/// Tests run inside ``TraceXCTests``.
final class TracedCase: RecordingTestCase {
  static let failureLine = #line + 15
  static let scratch = Fixture("scratch") { context in context.addTeardown {} }

  override func setUpWithError() throws {
    try super.setUpWithError()
    _ = try use(Self.scratch)
  }

  func passes() {}

  func skips() throws {
    throw XCTSkip("not today")
  }

  func fails() {
    XCTFail("count was 2")
  }
}
