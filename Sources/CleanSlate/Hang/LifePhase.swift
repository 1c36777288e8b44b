/// Where a test's life is: what the report of a test that hangs says it was doing.
enum LifePhase: Sendable {
  /// Its scope is open and its body has not begun: its fixtures' setup, XCTest's setUp methods.
  case beforeBody
  /// Its body runs.
  case body
  /// The checks of the end of the body run: the wait for its tracked work, its verifications.
  case bodyEndChecks
  /// The body has ended and the teardowns have not begun: XCTest's tearDown methods.
  case afterBody
  /// A teardown runs: the fixture's that registered it (`nil`: the test's own), and where.
  case teardown(fixture: String?, registeredAt: CodeLocation)
  /// The checks that follow every teardown run: the leak checks.
  case afterTeardownChecks
}

extension ScopeRuntime {
  /// Notes where the test's life is now.
  func enter(_ phase: LifePhase) {
    state.withLock { $0.phase = phase }
  }

  /// Where the test's life is now.
  var phase: LifePhase { state.withLock { $0.phase } }

  /// Whether the test's body runs: not its setup, the end of its body or its teardown.
  package var isRunningBody: Bool {
    if case .body = phase { return true }
    return false
  }

  /// The fixtures set up in this scope, and those being set up, in the order their setup began.
  var fixtureEntries: [FixtureEntry] {
    state.withLock { Array($0.entries.values) }.sorted { $0.began < $1.began }
  }
}
