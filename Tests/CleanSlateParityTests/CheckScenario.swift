import CleanSlate
import Foundation

/// The helpers XCTest suites keep in their base test case (a mock verified later, a notification
/// expected, an object that must go away, assertions that keep the caller's line) and the edge
/// cases of their contract, as test bodies that XCTest's `FixtureTestCase` and the Swift Testing
/// traits both run; each must produce the same issues, at the same lines, in both frameworks.
enum CheckScenario {
  // MARK: - Subjects

  /// A mock that expects to be called once.
  final class Mock: SelfVerifying, Sendable {
    private let calls = Locked(0)
    func call() { calls.withLock { $0 += 1 } }
    func verify() throws {
      let calls = calls.value
      guard calls == 1 else { throw UnmetCall(calls: calls) }
    }
  }

  struct UnmetCall: Error, CustomStringConvertible {
    let calls: Int
    var description: String { "expected 1 call, got \(calls)" }
  }

  /// A fixture's value that has something to stop.
  final class Server: Sendable {
    private let stopped = Locked(false)
    func stop() { stopped.withLock { $0 = true } }
  }

  /// An object something outside the test keeps alive.
  final class Survivor: Sendable {}

  /// The error a test body throws.
  struct BodyError: Error, CustomStringConvertible {
    var description: String { "body threw on purpose" }
  }

  // MARK: - Fixtures

  /// The most common fixture shape: its teardown captures the value.
  static let stoppedServer = Fixture<Server>("stoppedServer") { context in
    let server = Server()
    context.addTeardown { server.stop() }
    return server
  }

  /// A fixture whose teardown captures its context, to ask whether the test failed.
  static let keptServer = Fixture<Server>("keptServer") { context in
    context.addTeardown {
      if context.testFailed { print("keptServer: the test failed") }
    }
    return Server()
  }

  /// The line that declares ``config``, which its setup failure names.
  static let configLine = #line + 2
  /// A fixture whose setup throws.
  static let config = Fixture<Int>("config") { _ in throw ParityFailure() }

  /// A fixture built on ``config``.
  static let client = Fixture<Int>("client") { context in try await context.use(config) + 1 }

  // MARK: - Bodies

  /// Verify-later waits for tracked work: the mock is called by work that outlives the body.
  static func verifyAfterTrackedWork(_ checks: some CheckAdapter) async throws {
    let mock = Mock()
    checks.verify(mock)
    let work = try await use(.workTracker)
    work.start("call the mock") {
      try? await Task.sleep(for: .milliseconds(100))
      mock.call()
    }
  }

  static let verifyFailsLine = #line + 4
  /// A verification that fails, in a body that throws: both are reported, the body's first.
  static func verifyFailsAfterTheBodyThrew(_ checks: some CheckAdapter) async throws {
    let mock = Mock()
    checks.verify(mock)
    throw BodyError()
  }

  /// Fixture values pass the leak check once their fixtures are torn down, whatever their
  /// teardowns captured.
  static func fixtureValuesAreReleased(_ checks: some CheckAdapter) async throws {
    checks.expectReleased(try await use(stoppedServer))
    checks.expectReleased(try await use(keptServer))
    checks.expectReleased(Survivor())
  }

  /// What a global keeps alive.
  static let keeper = Locked<Survivor?>(nil)

  static let survivorLine = #line + 5
  /// An object kept alive past the test is reported with its type.
  static func survivorIsReported(_ checks: some CheckAdapter) {
    let survivor = Survivor()
    keeper.withLock { $0 = survivor }
    checks.expectReleased(survivor)
  }

  static let didSave = Notification.Name("CheckScenario.didSave")

  /// A notification posted after the body ended, by work nobody tracks, still counts: the end
  /// of the body waits for it.
  static func notificationPostedLater(_ checks: some CheckAdapter) {
    let store = Server()
    let saved = checks.expectPosted(didSave, by: store)
    Task.detached {
      try? await Task.sleep(for: .milliseconds(50))
      NotificationCenter.default.post(name: didSave, object: store)
    }
    postedLater.withLock { $0 = saved }
  }

  static let neverPostedLine = #line + 5
  /// A notification posted only by another object never fulfils the expectation.
  static func notificationNeverPosted(_ checks: some CheckAdapter) {
    let store = Server()
    let other = Server()
    let saved = checks.expectPosted(didSave, by: store, timeout: .milliseconds(20))
    NotificationCenter.default.post(name: didSave, object: other)
    neverPosted.withLock { $0 = (saved, store) }
  }

  /// The expectations the notification scenarios declared (and the sender of the one never
  /// posted), for checking them once their tests are over.
  static let postedLater = Locked<NotificationExpectation?>(nil)
  static let neverPosted = Locked<(expectation: NotificationExpectation, sender: Server)?>(nil)

  /// Posts what ``notificationNeverPosted(_:)`` waited for, once its test is over, and returns
  /// how many posts its expectation counted: none, if its observer is gone.
  static func postAfterNeverPosted() -> Int {
    guard let (expectation, sender) = neverPosted.value else { return -1 }
    NotificationCenter.default.post(name: didSave, object: sender)
    return expectation.count
  }

  /// The line that asks for ``client`` in ``caughtSetupFailure()``, where its failure lands.
  static let caughtSetupFailureLine = #line + 3
  /// A setup failure the body catches is reported all the same.
  static func caughtSetupFailure() async {
    let value = try? await use(client)
    precondition(value == nil)
  }

  /// A test about a fixture's own failure passes inside `expectSetupFailure`.
  static func expectedSetupFailure() async {
    let failure = await expectSetupFailure { _ = try await use(client) }
    expectedFailure.withLock { $0 = failure }
  }

  /// What the last `expectSetupFailure` returned.
  static let expectedFailure = Locked<CleanSlateError?>(nil)

  static let noFailureLine = #line + 3
  /// `expectSetupFailure` around fixtures that set up fine is a failure at its line.
  static func unexpectedlyNoSetupFailure() async {
    await expectSetupFailure { _ = try await use(stoppedServer) }
  }

  static let invalidUUIDLine = #line + 3
  /// A domain assertion of the test's own fails at the line that called it.
  static func customAssertionFails() {
    expectValidUUID("not-a-uuid")
  }
}

/// A domain assertion written as the DocC article shows: it forwards its caller's location to
/// `reportFailure`, so that its failures land on the caller's line in both frameworks.
func expectValidUUID(
  _ string: String,
  fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) {
  guard UUID(uuidString: string) == nil else { return }
  reportFailure(
    "'\(string)' is not a valid UUID", fileID: fileID, filePath: filePath, line: line,
    column: column)
}
