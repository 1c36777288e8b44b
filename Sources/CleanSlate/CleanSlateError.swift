/// A failure found by CleanSlate: a setup or teardown that threw, a teardown that hung, a
/// dependency that cannot be satisfied, work or objects that outlived their test.
///
/// Each failure is recorded once on the running test, at ``location`` — the line of the test's
/// code that led to it: the call that asked for the fixture, registered the teardown or made the
/// check — with a message of one shape: what went wrong, where (that line, and the declaration
/// it came from), the fixture's dependency path, and what to do about it.
///
/// ```
/// Setup of fixture 'database' threw: The file isn't in the correct format.
///   asked for at: StoreTests/StoreTests.swift:14
///   fixture 'database' declared at: StoreTests/Fixtures.swift:30
///   dependency path: store → database
///   What it set up before it threw is torn down when the test ends.
/// ```
public struct CleanSlateError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  public var code: Code
  /// The fixture involved, if any.
  public var fixture: String?
  /// The chain of fixtures from the one the test asked for to the one that failed, as
  /// `["store", "database"]`.
  public var dependencyPath: [String]
  /// Where the failure is recorded: the line that asked for the fixture, registered the
  /// teardown, or made the check.
  public var location: CodeLocation
  /// The declaration the failure comes from, when it is elsewhere than ``location``: the
  /// fixture's, for a setup or a teardown.
  public var declaration: CodeLocation?
  /// The error that caused this failure, if one was thrown.
  public var underlying: (any Error)?
  /// What went wrong, in one sentence.
  public var summary: String
  /// What to do about it, if there is advice to give.
  public var advice: String?
  /// How the message names ``location``, as `asked for at`; by default the one that fits the
  /// failure's code.
  package var locationLabel: String

  /// Creates a failure; the integrations and built-in fixtures use this to report their own.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - summary: What went wrong, in one sentence.
  ///   - fixture: The fixture involved, if any.
  ///   - dependencyPath: The chain of fixtures from the one the test asked for to this one.
  ///   - location: Where the failure is recorded.
  ///   - declaration: The declaration the failure comes from, if it is not at `location`.
  ///   - underlying: The error that caused the failure, if one was thrown.
  ///   - advice: What to do about it.
  public init(
    _ code: Code,
    summary: String,
    fixture: String? = nil,
    dependencyPath: [String] = [],
    location: CodeLocation,
    declaration: CodeLocation? = nil,
    underlying: (any Error)? = nil,
    advice: String? = nil
  ) {
    self.code = code
    self.summary = summary
    self.fixture = fixture
    self.dependencyPath = dependencyPath
    self.location = location
    self.declaration = declaration
    self.underlying = underlying
    self.advice = advice
    self.locationLabel = code.locationLabel
  }

  /// The full message: what went wrong, where, the dependency path, and what to do.
  public var description: String {
    var lines = [summary]
    lines.append("  \(locationLabel): \(location)")
    // A declaration on the line that led to the failure (`use(.timeZone("…"))`) is not
    // elsewhere: one line names both.
    if let declaration, declaration.fileID != location.fileID || declaration.line != location.line {
      let subject = fixture.map { "fixture '\($0)' declared at" } ?? "declared at"
      lines.append("  \(subject): \(declaration)")
    }
    if dependencyPath.count > 1 {
      lines.append("  dependency path: \(dependencyPath.joined(separator: " → "))")
    }
    if let advice { lines.append("  \(advice)") }
    return lines.joined(separator: "\n")
  }
}

extension CleanSlateError {
  /// The kind of a ``CleanSlateError``; new kinds may be added without breaking your code.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, as `setupFailed`.
    public let name: String
    /// How a failure of this kind names its location in its message.
    let locationLabel: String

    package init(_ name: String, locationLabel: String = "at") {
      self.name = name
      self.locationLabel = locationLabel
    }

    public var description: String { name }

    public static func == (lhs: Code, rhs: Code) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// A fixture's setup threw.
    public static let setupFailed = Code("setupFailed", locationLabel: "asked for at")
    /// A suite- or process-scoped fixture failed earlier and is not set up again.
    public static let setupFailedEarlier = Code("setupFailedEarlier", locationLabel: "asked for at")
    /// A teardown threw.
    public static let teardownFailed = Code("teardownFailed", locationLabel: "registered at")
    /// A teardown did not finish within its time limit and was abandoned.
    public static let teardownTimedOut = Code("teardownTimedOut", locationLabel: "registered at")
    /// Fixtures depend on each other in a cycle.
    public static let dependencyCycle = Code("dependencyCycle", locationLabel: "asked for at")
    /// A fixture asked for one of a narrower scope, which cannot outlive it.
    public static let scopeMismatch = Code("scopeMismatch", locationLabel: "asked for at")
    /// `use(_:)` or a check was called where no CleanSlate scope is active.
    public static let noActiveScope = Code("noActiveScope", locationLabel: "called at")
    /// Work tracked for a test was still running when the test ended.
    public static let workOutlivedTest = Code("workOutlivedTest", locationLabel: "started at")
    /// Tracked work was still running when an explicit wait for it gave up.
    public static let workStillRunning = Code("workStillRunning", locationLabel: "waited for at")
    /// An object expected to be deallocated was still alive after every teardown.
    public static let objectLeaked = Code("objectLeaked", locationLabel: "expected at")
    /// Something registered to verify itself at the end of the test failed.
    public static let verificationFailed = Code(
      "verificationFailed", locationLabel: "registered at")
    /// Something the test expected to happen by the end of its body did not happen.
    public static let expectationUnmet = Code("expectationUnmet", locationLabel: "expected at")
    /// An assertion of the test's own failed (``reportFailure(_:fileID:filePath:line:column:)``).
    public static let assertionFailed = Code("assertionFailed")
    /// A scope left process state changed after its teardowns: the ``Sentinel`` found it.
    public static let stateLeaked = Code("stateLeaked", locationLabel: "watched from")
    /// ``Fixture/timeZone(_:fileID:filePath:line:column:)`` was given a name that is not a time
    /// zone, or one that Foundation and the C library read differently.
    public static let unknownTimeZone = Code("unknownTimeZone", locationLabel: "asked for at")
    /// `CLEANSLATE_SEED` is set to something that is not a seed for ``Fixture/seededRandom``.
    public static let invalidSeed = Code("invalidSeed", locationLabel: "asked for at")
  }
}

extension CleanSlateError {
  /// The failure for a fixture whose setup threw: a dependency's failure, recorded already,
  /// passes through so that it names the real culprit; a CleanSlate failure of the fixture's own
  /// keeps its code and message.
  static func setup(
    of name: String, scope: FixtureScope, declaredAt declaration: CodeLocation, path: [String],
    request: FixtureRequest, threw error: any Error
  ) -> CleanSlateError {
    if let unavailable = error as? FixtureUnavailable { return unavailable.failure }
    if var failure = error as? CleanSlateError {
      // The fixture's own failure (a launched app that crashed) keeps its code and message,
      // and is recorded where the test asked, like any other.
      if failure.declaration == nil { failure.declaration = failure.location }
      failure.location = request.location
      failure.locationLabel = Code.setupFailed.locationLabel
      if failure.dependencyPath.isEmpty { failure.dependencyPath = path }
      return failure
    }
    return CleanSlateError(
      .setupFailed,
      summary: "Setup of fixture '\(name)' threw: \(error)",
      fixture: name,
      dependencyPath: path,
      location: request.location,
      declaration: declaration,
      underlying: error,
      advice: request.adviceAfterSetupFailure(of: scope))
  }
}
