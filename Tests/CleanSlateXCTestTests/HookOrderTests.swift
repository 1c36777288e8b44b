import CleanSlateXCTest
import XCTest

/// Rule "XCTest order": inside a `FixtureTestCase`, XCTest's documented order holds, and fixtures,
/// `@Resettable` properties and body-end checks slot in around it.
final class HookOrderTests: XCTestCase {
  nonisolated(unsafe) private static var runs: [String: NestedRun] = [:]

  override class func setUp() {
    super.setUp()
    // Given a test case that records every hook, run once per way a test can end.
    runs = [
      "passes": NestedRun(
        HookRecordingCase.self, [("passes", asyncTest(HookRecordingCase.passes))]),
      "fails": NestedRun(HookRecordingCase.self, [("fails", asyncTest(HookRecordingCase.fails))]),
      "throws": NestedRun(
        HookRecordingCase.self, [("throws", asyncTest(HookRecordingCase.throws))]),
      "setUpThrows": NestedRun(
        HookRecordingCase.self, [("setUpThrows", HookRecordingCase.setUpThrows)]),
    ]
  }

  func testPassingTestRunsEveryHookInDocumentedOrder() throws {
    // When the test passes
    let run = try XCTUnwrap(Self.runs["passes"])

    // Then every hook ran in XCTest's order, fixtures after the tearDown methods
    XCTAssertEqual(run.events, HookRecordingCase.expectedOrder(body: ["body"], testFailed: false))
    XCTAssertEqual(run.failureCount, 0)
  }

  func testFailingTestRunsEveryHookInDocumentedOrder() throws {
    // When the test records a failure
    let run = try XCTUnwrap(Self.runs["fails"])

    // Then the order is the same, and the fixtures' teardowns saw the failure
    XCTAssertEqual(
      run.events, HookRecordingCase.expectedOrder(body: ["body fails"], testFailed: true))
    XCTAssertEqual(run.failureCount, 1)
    XCTAssertEqual(run.failures.map(\.description), ["XCTAssertTrue failed - intentional"])
  }

  func testThrowingTestRunsEveryHookInDocumentedOrder() throws {
    // When the test body throws
    let run = try XCTUnwrap(Self.runs["throws"])

    // Then the order is the same, and the thrown error is the one failure
    XCTAssertEqual(
      run.events, HookRecordingCase.expectedOrder(body: ["body throws"], testFailed: true))
    XCTAssertEqual(run.failureCount, 1)
    XCTAssertEqual(run.failures.count, 1)
  }

  func testThrowingSetUpSkipsBodyAndStillTearsDown() throws {
    // When setUp() async throws after it used a fixture
    let run = try XCTUnwrap(Self.runs["setUpThrows"])

    // Then XCTest (on Linux) still runs the other setUp methods, skips the body, runs the
    // tearDown methods; the resettable is reset and the fixture torn down after them
    XCTAssertEqual(
      run.events,
      [
        "class setUp",
        "setUp() async", "setup first", "setUp() async throws",
        "setUpWithError()", "setUp()",
        "tearDown()", "tearDownWithError()", "tearDown() async",
        "reset subject",
        "teardown first (test failed: true)",
        "class tearDown",
      ])
    XCTAssertEqual(run.failureCount, 1)
  }
}

/// Records every hook of a `FixtureTestCase` into the journal.
final class HookRecordingCase: RecordingTestCase {
  static let first = Fixture("first") { context in
    log("setup first")
    context.addTeardown { log("teardown first (test failed: \(context.testFailed))") }
    return 1
  }
  static let second = Fixture("second") { context in
    log("setup second")
    context.addTeardown { log("teardown second (test failed: \(context.testFailed))") }
    return 2
  }

  /// What the hooks write, in the order of rule "XCTest order", around the given body events.
  static func expectedOrder(body: [String], testFailed: Bool) -> [String] {
    ["class setUp", "setUp() async", "setup first", "setUpWithError()", "setUp()"]
      + body
      + [
        "setup second", "verify mock",
        "teardown block 2", "teardown block 1",
        "tearDown()", "tearDownWithError()", "tearDown() async",
        "reset subject",
        "teardown second (test failed: \(testFailed))",
        "teardown first (test failed: \(testFailed))",
        "class tearDown",
      ]
  }

  struct Mock: SelfVerifying {
    func verify() throws { log("verify mock") }
  }

  final class Subject {}

  @Resettable(onReset: { _ in log("reset subject") }) var subject: Subject!

  override class func setUp() {
    super.setUp()
    log("class setUp")
  }

  override func setUp() async throws {
    try await super.setUp()
    log("setUp() async")
    subject = Subject()
    _ = try await use(Self.first)
    if name.hasSuffix("setUpThrows") {
      log("setUp() async throws")
      throw CocoaError(.featureUnsupported)
    }
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    log("setUpWithError()")
  }

  override func setUp() {
    super.setUp()
    log("setUp()")
  }

  func passes() async throws {
    try await body("body")
  }

  func fails() async throws {
    try await body("body fails")
    XCTAssertTrue(false, "intentional")
  }

  func `throws`() async throws {
    try await body("body throws")
    throw CocoaError(.featureUnsupported)
  }

  func setUpThrows() {
    log("body that must not run")
  }

  private func body(_ event: String) async throws {
    log(event)
    verifyLater(Mock())
    addTeardownBlock { log("teardown block 1") }
    addTeardownBlock { log("teardown block 2") }
    _ = try await use(Self.second)
  }

  override func tearDown() {
    log("tearDown()")
    super.tearDown()
  }

  override func tearDownWithError() throws {
    log("tearDownWithError()")
    try super.tearDownWithError()
  }

  override func tearDown() async throws {
    log("tearDown() async")
    try await super.tearDown()
  }

  override class func tearDown() {
    log("class tearDown")
    super.tearDown()
  }
}
