import CleanSlate

/// One set of fixtures and test bodies, run through XCTest's `FixtureTestCase` and through the
/// Swift Testing traits, which must produce the same events and failures.
enum ParityScenario {
  // MARK: - Fixtures

  /// A suite fixture, shared by the suite's tests and torn down after the last one.
  static let database = Fixture<Int>("database", scope: .suite) { context in
    log("set up database")
    context.addTeardown { log("tear down database") }
    return 1
  }

  /// A test fixture whose teardown records whether its test failed.
  static let scratch = Fixture<Int>("scratch") { context in
    log("set up scratch")
    context.addTeardown { log("tear down scratch, test failed: \(context.testFailed)") }
    return 2
  }

  /// A test fixture built on the other two.
  static let store = Fixture<Int>("store") { context in
    let total = try await context.use(database) + context.use(scratch)
    log("set up store")
    context.addTeardown { log("tear down store") }
    return total
  }

  /// The line that declares ``broken``, where its setup failure must be reported.
  static let brokenLine = #line + 2
  /// A test fixture that sets up a dependency, registers a teardown, then throws.
  static let broken = Fixture<Int>("broken") { context in
    _ = try await context.use(scratch)
    log("set up broken")
    context.addTeardown { log("tear down broken") }
    throw ParityFailure()
  }

  // MARK: - Test bodies

  /// The body of the passing test.
  static func passingBody() async throws {
    log("passing body uses store \(try await use(store))")
  }

  /// The body of the test that fails; the caller then records a failure its own way.
  static func failingBody() async throws {
    log("failing body uses scratch \(try await use(scratch))")
  }

  /// The body of the test whose setup fails; it must never run.
  static func brokenSetupBody() {
    log("broken setup body")
  }

  // MARK: - Expectations

  /// What both frameworks must do, in this order, for the tests passing, failing and
  /// brokenSetup run one after the other in one suite.
  static let expectedEvents = [
    "set up database", "set up scratch", "set up store", "passing body uses store 3",
    "tear down store", "tear down scratch, test failed: false",
    "set up scratch", "failing body uses scratch 2", "tear down scratch, test failed: true",
    "set up scratch", "set up broken", "tear down broken", "tear down scratch, test failed: true",
    "tear down database",
  ]

  /// The message the failing test records.
  static let failureMessage = "failed on purpose"

  // MARK: - Journal

  private static let journal = Locked<[String]>([])

  /// Writes an event.
  static func log(_ event: String) { journal.withLock { $0.append(event) } }

  /// Returns the events written so far and starts a new journal.
  static func takeEvents() -> [String] {
    journal.withLock { events in
      defer { events = [] }
      return events
    }
  }
}

/// The error ``ParityScenario/broken`` throws.
struct ParityFailure: Error, CustomStringConvertible {
  var description: String { "parity setup failure" }
}
