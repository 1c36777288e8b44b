/// A failure found by CleanSlate: a setup or teardown that threw, a teardown that hung, a
/// dependency that cannot be satisfied, work or objects that outlived their test.
///
/// Each failure is reported once to the running test framework, at ``location`` — the line that
/// declared the fixture or registered the teardown — with a message of one shape: what went
/// wrong, where it was registered, the fixture's dependency path, and what to do about it.
public struct CleanSlateError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  public var code: Code
  /// The fixture involved, if any.
  public var fixture: String?
  /// The chain of fixtures from the one the test asked for to the one that failed, as
  /// `["store", "database"]`.
  public var dependencyPath: [String]
  /// Where the failing code was registered: a fixture's declaration, a teardown's
  /// registration, or the call that asked for the fixture.
  public var location: CodeLocation
  /// The error that caused this failure, if one was thrown.
  public var underlying: (any Error)?
  /// What went wrong, in one sentence.
  public var summary: String
  /// What to do about it, if there is advice to give.
  public var advice: String?
  /// Shared by every copy of this failure, so that it is reported once however many callers
  /// it passes through.
  let reportOnce = ReportOnce()

  /// Creates a failure; the integrations and built-in fixtures use this to report their own.
  public init(
    _ code: Code,
    summary: String,
    fixture: String? = nil,
    dependencyPath: [String] = [],
    location: CodeLocation,
    underlying: (any Error)? = nil,
    advice: String? = nil
  ) {
    self.code = code
    self.summary = summary
    self.fixture = fixture
    self.dependencyPath = dependencyPath
    self.location = location
    self.underlying = underlying
    self.advice = advice
  }

  /// The full message: what went wrong, where, the dependency path, and what to do.
  public var description: String {
    var lines = [summary]
    lines.append("  registered at: \(location)")
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

    package init(_ name: String) { self.name = name }

    public var description: String { name }

    /// A fixture's setup threw.
    public static let setupFailed = Code("setupFailed")
    /// A suite- or process-scoped fixture failed earlier and is not set up again.
    public static let setupFailedEarlier = Code("setupFailedEarlier")
    /// A teardown threw.
    public static let teardownFailed = Code("teardownFailed")
    /// A teardown did not finish within its time limit and was abandoned.
    public static let teardownTimedOut = Code("teardownTimedOut")
    /// Fixtures depend on each other in a cycle.
    public static let dependencyCycle = Code("dependencyCycle")
    /// A fixture asked for one of a narrower scope, which cannot outlive it.
    public static let scopeMismatch = Code("scopeMismatch")
    /// `use(_:)` was called where no CleanSlate scope is active.
    public static let noActiveScope = Code("noActiveScope")
    /// Work tracked for a test was still running when the test ended.
    public static let workOutlivedTest = Code("workOutlivedTest")
    /// Tracked work was still running when an explicit wait for it gave up.
    public static let workStillRunning = Code("workStillRunning")
    /// An object expected to be deallocated was still alive after every teardown.
    public static let objectLeaked = Code("objectLeaked")
    /// Something registered to verify itself at the end of the test failed.
    public static let verificationFailed = Code("verificationFailed")
    /// Something the test expected to happen by the end of its body did not happen.
    public static let expectationUnmet = Code("expectationUnmet")
    /// An assertion of the test's own failed (``reportFailure(_:fileID:filePath:line:column:)``).
    public static let assertionFailed = Code("assertionFailed")
    /// A scope left process state changed after its teardowns: the ``Sentinel`` found it.
    public static let stateLeaked = Code("stateLeaked")
  }
}

extension CleanSlateError {
  /// Claims the one report this failure gets: `true` the first time, for any copy of it, and
  /// `false` after. Whoever reports a failure to a test framework claims it first, so that a
  /// failure reported as it happened is not reported again when it is thrown on.
  package func claimReport() -> Bool { reportOnce.claim() }
}

/// Whether a failure has been reported yet.
final class ReportOnce: Sendable {
  private let claimed = Locked(false)

  func claim() -> Bool {
    claimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
}

extension CleanSlateError {
  /// Wraps an error thrown by a fixture's setup, unless it already is a CleanSlate failure (a
  /// dependency's), which passes through so that it is reported once, naming the real culprit.
  static func setup(
    of name: String, path: [String], location: CodeLocation, threw error: any Error
  ) -> CleanSlateError {
    if let failure = error as? CleanSlateError { return failure }
    return CleanSlateError(
      .setupFailed,
      summary: "Setup of fixture '\(name)' threw: \(error)",
      fixture: name,
      dependencyPath: path,
      location: location,
      underlying: error,
      advice:
        "The rest of setup and the test body were skipped; what was set up has been torn down."
    )
  }
}
