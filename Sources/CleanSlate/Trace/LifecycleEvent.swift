/// One step in the life of a scope or a fixture, as the lifecycle trace records it.
///
/// Set `CLEANSLATE_TRACE=stderr` to print a readable outline of these events, or
/// `CLEANSLATE_TRACE=/path/trace.jsonl` to write one JSON object a line.
public struct LifecycleEvent: Sendable, Hashable {
  /// What happened.
  public enum Phase: String, Sendable, Hashable, Codable {
    /// A scope (a test, a suite, the process) began.
    case scopeBegin
    /// A scope ended: every teardown registered in it has run.
    case scopeEnd
    /// A fixture's setup started.
    case setupBegin
    /// A fixture's setup finished, passing or failing.
    case setupEnd
    /// One teardown started.
    case teardownBegin
    /// One teardown finished, passing, failing or timing out.
    case teardownEnd
  }

  /// How a step ended.
  public enum Outcome: String, Sendable, Hashable, Codable {
    /// It finished without error.
    case passed
    /// It threw, or (for a scope) a test in it failed.
    case failed
    /// It did not finish within its time limit.
    case timedOut
  }

  /// What happened.
  public var phase: Phase
  /// The kind of scope the event belongs to.
  public var scope: FixtureScope
  /// The scope's name: the test's or the suite's name, or `process`.
  public var scopeName: String
  /// The fixture the event is about, if any.
  public var fixture: String?
  /// The test that was running when it happened, if any (a suite fixture is set up on behalf
  /// of the first test that asks for it).
  public var testName: String?
  /// How the step ended; `nil` for `…Begin` events.
  public var outcome: Outcome?
  /// How long the step took; `nil` for `…Begin` events.
  public var duration: Duration?
  /// The failure's message, for failed steps.
  public var message: String?

  /// Creates an event.
  public init(
    phase: Phase,
    scope: FixtureScope,
    scopeName: String,
    fixture: String? = nil,
    testName: String? = nil,
    outcome: Outcome? = nil,
    duration: Duration? = nil,
    message: String? = nil
  ) {
    self.phase = phase
    self.scope = scope
    self.scopeName = scopeName
    self.fixture = fixture
    self.testName = testName
    self.outcome = outcome
    self.duration = duration
    self.message = message
  }
}
