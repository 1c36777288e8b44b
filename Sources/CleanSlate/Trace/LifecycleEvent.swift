/// One step in the life of a scope or a fixture, as the lifecycle trace records it.
///
/// Set `CLEANSLATE_TRACE=stderr` to print a readable outline of these events, or
/// `CLEANSLATE_TRACE=/path/trace.jsonl` to write one JSON object a line (see
/// <doc:TraceSchema>).
public struct LifecycleEvent: Sendable, Hashable {
  /// What happened.
  public enum Phase: String, Sendable, Hashable, Codable, CaseIterable {
    /// A scope (a test, a suite, the process) began.
    case scopeBegin
    /// A scope ended: every teardown registered in it has run. Its outcome is the test's final
    /// one.
    case scopeEnd
    /// A fixture's setup started.
    case setupBegin
    /// A fixture's setup finished, passing or failing.
    case setupEnd
    /// The test's own code started: the test function (after the fixtures listed eagerly were
    /// set up).
    case bodyBegin
    /// The test's own code returned or threw.
    case bodyEnd
    /// One teardown started.
    case teardownBegin
    /// One teardown finished, passing, failing or timing out.
    case teardownEnd
    /// The test recorded an issue (a failed expectation, a thrown error), or a check of
    /// CleanSlate's found one (work that outlived the test, an object that leaked).
    case issue
    /// A fixture's note on a failed test, such as the command that replays it
    /// (``FixtureContext/addFailureNote(_:)``), as the test's scope ends.
    case note
    /// A fixture's setup began to wait for what another test holds or is making (a lock, a
    /// database from a pool); the event's message says what.
    case waitBegin
    /// The wait ended: its duration is time the setup spent waiting, not working.
    case waitEnd
  }

  /// How a step ended.
  public enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// It finished without error.
    case passed
    /// It threw, or (for a scope) a test in it failed.
    case failed
    /// It did not finish within its time limit.
    case timedOut
    /// The test was skipped (or cancelled) without failing.
    case skipped
    /// The test recorded only known issues (`withKnownIssue`); for an issue, a known one.
    case knownIssue
  }

  /// What happened.
  public var phase: Phase
  /// The kind of scope the event belongs to.
  public var scope: FixtureScope
  /// The scope's name: the test's or the suite's name, or `process`.
  public var scopeName: String
  /// The scope instance the event belongs to, unique within its process (the argument cases of
  /// a parameterized test share a name, not a number).
  public var scopeID: Int
  /// On ``Phase/scopeBegin`` events, the number of the scope this one lives in.
  public var parentScopeID: Int?
  /// The fixture the event is about, if any.
  public var fixture: String?
  /// The test that was running when it happened, if any (a suite fixture is set up on behalf
  /// of the first test that asks for it).
  public var testName: String?
  /// How the step ended; `nil` for `…Begin` events.
  public var outcome: Outcome?
  /// How long the step took; `nil` for `…Begin` and issue events.
  public var duration: Duration?
  /// The failure's message, for failed steps and issues; a note's text; what a wait was for.
  public var message: String?
  /// Where the step's code was written: for a setup's end, the fixture's declaration; for a
  /// teardown's end, the line that registered it; for an issue, where it was recorded; for a
  /// note, the line that asked for the fixture that offered it.
  public var location: CodeLocation?
  /// For an issue that CleanSlate found, its ``CleanSlateError/Code`` (`objectLeaked`,
  /// `workOutlivedTest`, …).
  public var issueCode: String?
  /// On the ``Phase/scopeBegin`` event of one argument case of a parameterized test, the case's
  /// arguments as Swift Testing prints them (``TestIdentity/argumentCase``): `count → 4`.
  public var argumentCase: String?

  /// Creates an event.
  public init(
    phase: Phase,
    scope: FixtureScope,
    scopeName: String,
    fixture: String? = nil,
    testName: String? = nil,
    outcome: Outcome? = nil,
    duration: Duration? = nil,
    message: String? = nil,
    scopeID: Int = 0,
    parentScopeID: Int? = nil,
    location: CodeLocation? = nil,
    issueCode: String? = nil,
    argumentCase: String? = nil
  ) {
    self.phase = phase
    self.scope = scope
    self.scopeName = scopeName
    self.fixture = fixture
    self.testName = testName
    self.outcome = outcome
    self.duration = duration
    self.message = message
    self.scopeID = scopeID
    self.parentScopeID = parentScopeID
    self.location = location
    self.issueCode = issueCode
    self.argumentCase = argumentCase
  }
}
