import CleanSlateXCTest
import XCTest

/// Rules "Teardown stack", "Setup failures", "Errors never lost" and "Teardown timeouts" through
/// `FixtureTestCase`: teardowns run last in first out, a setup failure is reported once, errors
/// are reported once at their location, a hung teardown is abandoned, and suite fixtures are
/// shared by a class's tests.
final class FixtureRulesTests: XCTestCase {
  nonisolated(unsafe) private static var runs: [String: NestedRun] = [:]

  override class func setUp() {
    super.setUp()
    runs = [
      "throwingTeardown": NestedRun(
        RulesCase.self, [("throwingTeardown", asyncTest(RulesCase.throwingTeardown))]),
      "failingSetup": NestedRun(
        RulesCase.self, [("failingSetup", asyncTest(RulesCase.failingSetup))]),
      "hangingTeardown": NestedRun(
        RulesCase.self, [("hangingTeardown", asyncTest(RulesCase.hangingTeardown))]),
      "blockedTeardown": NestedRun(
        RulesCase.self, [("blockedTeardown", asyncTest(RulesCase.blockedTeardown))]),
      "mainQueueTeardown": NestedRun(
        RulesCase.self, [("mainQueueTeardown", asyncTest(RulesCase.mainQueueTeardown))]),
      "suite": NestedRun(
        SuiteFixtureCase.self,
        [
          ("first", asyncTest(SuiteFixtureCase.first)),
          ("second", asyncTest(SuiteFixtureCase.second)),
        ]),
    ]
  }

  func testTeardownThatThrowsIsReportedAtItsLineAndTheOthersStillRun() throws {
    // Given a fixture with two teardowns, the second of which throws
    // When a test uses it
    let run = try XCTUnwrap(Self.runs["throwingTeardown"])

    // Then the throwing one is reported once, where it was registered, and the first still ran
    XCTAssertEqual(run.events, ["teardown that throws", "teardown registered first"])
    XCTAssertEqual(run.failureCount, 1)
    let failure = try XCTUnwrap(run.failures.first)
    XCTAssertEqual(failure.filePath, #filePath)
    XCTAssertEqual(failure.line, RulesCase.throwingTeardownLine)
    XCTAssertEqual(
      failure.description,
      """
      Teardown of fixture 'unreliable' threw: \(CocoaError(.fileNoSuchFile))
        registered at: CleanSlateXCTestTests/FixtureRulesTests.swift:\(RulesCase.throwingTeardownLine)
        fixture 'unreliable' declared at: CleanSlateXCTestTests/FixtureRulesTests.swift:\(RulesCase.throwingTeardownLine - 2)
        The other teardowns still ran.
      """)
  }

  func testSetupThatThrowsIsReportedOnceWithItsDependencyPathAndWhatItSetUpIsTornDown() throws {
    // Given a fixture whose dependency registers a teardown, then throws
    // When a test's setUp uses the fixture
    let run = try XCTUnwrap(Self.runs["failingSetup"])

    // Then the body is skipped, the dependency's teardown ran, and one failure names the path,
    // at the line of setUp that asked for it (not XCTest's "<EXPR>:0")
    XCTAssertEqual(run.events, ["database opened", "database closed"])
    XCTAssertEqual(run.failureCount, 1)
    XCTAssertEqual(run.failures.count, 1)
    let failure = try XCTUnwrap(run.failures.first)
    XCTAssertEqual(failure.filePath, #filePath)
    XCTAssertEqual(failure.line, RulesCase.storeUseLine)
    XCTAssertEqual(
      failure.description,
      """
      Setup of fixture 'database' threw: \(CocoaError(.fileReadCorruptFile))
        asked for at: CleanSlateXCTestTests/FixtureRulesTests.swift:\(RulesCase.storeUseLine)
        fixture 'database' declared at: CleanSlateXCTestTests/FixtureRulesTests.swift:\(RulesCase.databaseLine)
        dependency path: store → database
        What it set up before it threw is torn down when the test ends.
      """)
  }

  func testTeardownThatHangsIsAbandonedAfterItsTimeoutAndTheOthersStillRun() throws {
    // Given a fixture whose last teardown hangs past its 50 ms limit
    // When a test uses it
    let run = try XCTUnwrap(Self.runs["hangingTeardown"])

    // Then it is reported as timed out and the earlier teardown still ran
    XCTAssertEqual(run.events, ["teardown registered first"])
    XCTAssertEqual(run.failureCount, 1)
    XCTAssertEqual(
      run.failures.map(\.description), [RulesCase.timedOutMessage(of: RulesCase.hanging)])
  }

  func testSynchronousTeardownThatBlocksIsAbandonedAfterItsTimeoutAndTheOthersStillRun() throws {
    // Given a fixture whose last synchronous teardown blocks its thread past its 50 ms limit
    // When a test uses it
    let run = try XCTUnwrap(Self.runs["blockedTeardown"])

    // Then the test got control back, the timeout is reported and the earlier teardown ran
    XCTAssertEqual(run.events, ["teardown registered first"])
    XCTAssertEqual(run.failureCount, 1)
    XCTAssertEqual(
      run.failures.map(\.description), [RulesCase.timedOutMessage(of: RulesCase.blocked)])
  }

  func testSynchronousTeardownCanWaitForTheMainQueue() throws {
    // Given a fixture whose synchronous teardown runs work on the main queue and waits for it
    // When a test uses it (XCTest runs tests, and ends their scopes, on the main thread)
    let run = try XCTUnwrap(Self.runs["mainQueueTeardown"])

    // Then the main queue kept being served while the scope ended: no deadlock, no timeout
    XCTAssertEqual(run.events, ["teardown ran on the main queue"])
    XCTAssertEqual(run.failureCount, 0)
  }

  func testSuiteFixtureIsSetUpOnceForTheClassAndTornDownBeforeClassTearDown() throws {
    // Given a suite-scoped fixture used by two tests of one class
    // When the class runs
    let run = try XCTUnwrap(Self.runs["suite"])

    // Then it was set up once, shared, and torn down after the last test, before class tearDown
    XCTAssertEqual(
      run.events,
      ["setup shared", "first uses 1", "second uses 1", "teardown shared", "class tearDown"])
    XCTAssertEqual(run.failureCount, 0)
  }
}

final class RulesCase: RecordingTestCase {
  static let throwingTeardownLine = #line + 3
  static let unreliable = Fixture("unreliable") { context in
    context.addTeardown { log("teardown registered first") }
    context.addTeardown {
      log("teardown that throws")
      throw CocoaError(.fileNoSuchFile)
    }
    return 1
  }

  static let databaseLine = #line + 1
  static let database = Fixture<Int>("database") { context in
    log("database opened")
    context.addTeardown { log("database closed") }
    throw CocoaError(.fileReadCorruptFile)
  }
  static let store = Fixture("store") { context in
    try await context.use(database) + 1
  }

  static let hanging = Fixture("hanging", teardownTimeout: .milliseconds(50)) { context in
    context.addTeardown { log("teardown registered first") }
    context.addTeardown { try await Task.sleep(for: .seconds(5)) }
    return 1
  }

  static let blocked = Fixture("blocked", teardownTimeout: .milliseconds(50)) { context in
    context.addTeardown { log("teardown registered first") }
    context.addTeardown { _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 2) }
    return 1
  }

  /// The whole message of a teardown of `fixture`, registered two lines below its declaration,
  /// that outlived its 50 ms limit.
  static func timedOutMessage(of fixture: Fixture<Int>) -> String {
    let file = "CleanSlateXCTestTests/FixtureRulesTests.swift"
    return """
      Teardown of fixture '\(fixture.name)' did not finish within 0.05 seconds and was abandoned.
        registered at: \(file):\(fixture.location.line + 2)
        fixture '\(fixture.name)' declared at: \(file):\(fixture.location.line)
        The other teardowns still ran. Make it finish sooner, or give it more time: addTeardown(timeout:) for this teardown, Fixture(_:teardownTimeout:) for every teardown of its fixture, CleanSlateDefaults.teardownTimeout in code, or CLEANSLATE_TEARDOWN_TIMEOUT=<seconds> for the whole run.
      """
  }

  static let mainQueue = Fixture("mainQueue") { context in
    context.addTeardown {
      DispatchQueue.main.sync { log("teardown ran on the main queue") }
    }
    return 1
  }

  static let storeUseLine = #line + 4
  /// Uses the failing store in `failingSetup`'s setUp.
  override func setUp() async throws {
    try await super.setUp()
    if name.hasSuffix("failingSetup") { _ = try await use(Self.store) }
  }

  func throwingTeardown() async throws { _ = try await use(Self.unreliable) }
  func failingSetup() { log("body that must not run") }
  func hangingTeardown() async throws { _ = try await use(Self.hanging) }
  func blockedTeardown() async throws { _ = try await use(Self.blocked) }
  func mainQueueTeardown() async throws { _ = try await use(Self.mainQueue) }
}

final class SuiteFixtureCase: RecordingTestCase {
  static let shared = Fixture("shared", scope: .suite) { context in
    log("setup shared")
    context.addTeardown { log("teardown shared") }
    return 1
  }

  func first() async throws { log("first uses \(try await use(Self.shared))") }
  func second() async throws { log("second uses \(try await use(Self.shared))") }

  override class func tearDown() {
    log("class tearDown")
    super.tearDown()
  }
}
