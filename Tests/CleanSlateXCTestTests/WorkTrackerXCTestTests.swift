import CleanSlateTestSupport
import CleanSlateXCTest
import Dispatch
import Foundation
import XCTest

/// Rule "Async work" through `FixtureTestCase`: the work tracker is awaited when the body ends,
/// before the test's tearDown methods and fixture teardown; work outliving the timeout is
/// reported by its label, at the line that started it, and cancelled.
final class WorkTrackerXCTestTests: XCTestCase {
  nonisolated(unsafe) private static var runs: [String: NestedRun] = [:]

  override class func setUp() {
    super.setUp()
    runs = [
      "inTime": NestedRun(WorkCase.self, [("finishesInTime", asyncTest(WorkCase.finishesInTime))]),
      "outlives": NestedRun(
        WorkCase.self, [("outlivesTimeout", asyncTest(WorkCase.outlivesTimeout))]),
      "nested": NestedRun(
        WorkCase.self, [("startsNestedWork", asyncTest(WorkCase.startsNestedWork))]),
      "group": NestedRun(WorkCase.self, [("usesTheGroup", asyncTest(WorkCase.usesTheGroup))]),
      "throws": NestedRun(
        WorkCase.self,
        [("throwsWhileItsWorkOutlivesIt", asyncTest(WorkCase.throwsWhileItsWorkOutlivesIt))]
      ),
      "cancels": NestedRun(
        WorkCase.self, [("cancelsItsOwnTask", asyncTest(WorkCase.cancelsItsOwnTask))]),
    ]
  }

  func testWorkFinishingInTimeIsAwaitedBeforeTearDownAndFixtureTeardown() throws {
    // When a test's body leaves short work running
    let run = try XCTUnwrap(Self.runs["inTime"])

    // Then the work finished before tearDown() and the fixture's teardown, and nothing failed
    XCTAssertEqual(run.events, ["body", "work done", "tearDown()", "fixture teardown"])
    XCTAssertEqual(run.failureCount, 0)
  }

  func testWorkOutlivingTheTimeoutIsReportedOnceAtItsLineAndCancelled() throws {
    // When a test's body leaves work running that never ends by itself
    let run = try XCTUnwrap(Self.runs["outlives"])

    // Then one failure names it, at the line that started it, and its task was cancelled
    XCTAssertEqual(run.failureCount, 1)
    let failure = try XCTUnwrap(run.failures.first)
    XCTAssertEqual(failure.filePath, #filePath)
    XCTAssertEqual(failure.line, WorkCase.hangingLine)
    XCTAssertEqual(
      failure.description,
      """
      Tracked work 'sync forever' was still running 0.05 seconds after the body of 'WorkCase.outlivesTimeout' ended; it was cancelled.
        started at: CleanSlateXCTestTests/WorkTrackerXCTestTests.swift:\(WorkCase.hangingLine)
        Wait for it in the test (try await tracker.waitUntilIdle()), make it finish sooner, or give it more time: tracker.timeout for this test, WorkTracker.defaultTimeout in code, or CLEANSLATE_WORK_TIMEOUT=<seconds> for the whole run.
      """)
    XCTAssertTrue(WorkCase.hangingTask.withLock { $0?.isCancelled } == true)
    XCTAssertEqual(run.events.first, "body")
  }

  /// Rule "Errors never lost": XCTest records the body's error first.
  func testABodysErrorIsRecordedBeforeTheWorkThatOutlivedIt() throws {
    // When a test's body leaves work running that never ends by itself, then throws
    let run = try XCTUnwrap(Self.runs["throws"])

    // Then the body's error, the test's own failure, comes first, in XCTest's words; then the
    // work, at the line that started it
    XCTAssertEqual(
      run.failures,
      [
        RecordedFailure(
          description: #"threw error "body""#, filePath: "<EXPR>", line: 0),
        RecordedFailure(
          description: """
            Tracked work 'upload' was still running 0.05 seconds after the body of 'WorkCase.throwsWhileItsWorkOutlivesIt' ended; it was cancelled.
              started at: CleanSlateXCTestTests/WorkTrackerXCTestTests.swift:\(WorkCase.uploadLine)
              Wait for it in the test (try await tracker.waitUntilIdle()), make it finish sooner, or give it more time: tracker.timeout for this test, WorkTracker.defaultTimeout in code, or CLEANSLATE_WORK_TIMEOUT=<seconds> for the whole run.
            """,
          filePath: #filePath, line: WorkCase.uploadLine),
      ])
    XCTAssertEqual(run.events, ["body", "tearDown()", "fixture teardown"])
  }

  /// Rule "One life": a test that cancelled itself ends as XCTest ends it without CleanSlate.
  func testATestThatCancelsItsOwnTaskFailsAsInPlainXCTestAndIsTornDown() throws {
    // When a test cancels its own task, then throws the cancellation
    let run = try XCTUnwrap(Self.runs["cancels"])

    // Then XCTest records the error once, as it does without CleanSlate, and the fixture's
    // teardown still ran
    XCTAssertEqual(
      run.failures,
      [
        RecordedFailure(
          description: #"threw error "CancellationError()""#, filePath: "<EXPR>", line: 0)
      ])
    XCTAssertEqual(run.events, ["body", "tearDown()", "fixture teardown"])
  }

  func testNestedWorkIsAwaitedToo() throws {
    // When the body's work starts more work through WorkTracker.current and returns first
    let run = try XCTUnwrap(Self.runs["nested"])

    // Then the inner work finished before tearDown()
    XCTAssertEqual(
      run.events, ["body", "outer done", "inner done", "tearDown()", "fixture teardown"])
    XCTAssertEqual(run.failureCount, 0)
  }

  func testGCDWorkInTheTrackersGroupIsAwaited() throws {
    // When the body hands the tracker's group to GCD code in the dispatch-group pattern
    let run = try XCTUnwrap(Self.runs["group"])

    // Then the grouped block finished before tearDown()
    XCTAssertEqual(run.events, ["body", "block done", "tearDown()", "fixture teardown"])
    XCTAssertEqual(run.failureCount, 0)
  }
}

final class WorkCase: RecordingTestCase {
  static let resource = Fixture<Void>("resource") { context in
    context.addTeardown { log("fixture teardown") }
  }
  static let hangingLine = #line + 20
  static let hangingTask = Locked<Task<Void, any Error>?>(nil)
  var work: WorkTracker!

  override func setUp() async throws {
    try await super.setUp()
    try await use(Self.resource)
    work = try await usePatientWorkTracker()  // outlivesTimeout sets a limit of its own
  }

  func finishesInTime() async throws {
    work.start("short") {
      try await Task.sleep(for: .milliseconds(20))
      log("work done")
    }
    log("body")
  }

  func outlivesTimeout() async throws {
    work.timeout = .milliseconds(50)
    let task = work.start("sync forever") { try await Task.sleep(for: .seconds(60)) }
    Self.hangingTask.withLock { $0 = task }
    log("body")
  }

  static let uploadLine = #line + 4
  func throwsWhileItsWorkOutlivesIt() async throws {
    work.timeout = .milliseconds(50)
    log("body")
    work.start("upload") { try await Task.sleep(for: .seconds(60)) }
    throw Boom(label: "body")
  }

  func cancelsItsOwnTask() async throws {
    log("body")
    withUnsafeCurrentTask { $0?.cancel() }
    throw CancellationError()
  }

  func startsNestedWork() async throws {
    log("body")
    work.start("outer") {
      WorkTracker.current?.start("inner") {
        try await Task.sleep(for: .milliseconds(20))
        log("inner done")
      }
      log("outer done")
    }
  }

  func usesTheGroup() async throws {
    DispatchQueue(label: "sync").async(group: work.group) {
      Thread.sleep(forTimeInterval: 0.02)
      log("block done")
    }
    log("body")
  }

  override func tearDown() {
    log("tearDown()")
    super.tearDown()
  }
}
