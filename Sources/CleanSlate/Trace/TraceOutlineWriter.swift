import Foundation

/// Prints lifecycle events as an indented outline, in the spirit of pytest's `--setup-show`,
/// and a summary when the process scope ends.
///
/// ```
/// [CleanSlate] BEGIN     suite    StoreTests
/// [CleanSlate]   SETUP     suite    database                 12.31 ms  (for StoreTests/saves())
/// [CleanSlate]   BEGIN     test     StoreTests/saves()
/// [CleanSlate]     SETUP     test     scratch                   0.21 ms
/// [CleanSlate]     BODY      test     StoreTests/saves()        1.02 ms
/// [CleanSlate]     TEARDOWN  test     scratch                   0.09 ms
/// [CleanSlate]   END       test     StoreTests/saves()        1.40 ms  passed
/// ```
///
/// Each line is written whole, so lines of parallel tests interleave but never mix. When the
/// process scope ends, it prints the number of tests, failures and teardown timeouts, and the
/// ten fixtures that took the most time.
public final class TraceOutlineWriter: LifecycleObserver {
  private let write: @Sendable (String) -> Void
  private let summary = Locked(LifecycleSummary())

  /// Creates a writer that hands each finished line (with its newline) to `write`.
  public init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// A writer to the process's standard error.
  public static let standardError = TraceOutlineWriter { line in
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// Writes a line when a scope begins or ends, when a setup, a teardown or the test body
  /// finishes, and for each issue (a step's beginning adds nothing a reader needs: its end
  /// line carries its duration and outcome). Writes the summary when the process scope ends.
  public func observe(_ event: LifecycleEvent) {
    summary.withLock { $0.add(event) }
    guard Self.prints(event.phase) else { return }
    write(Self.line(for: event) + "\n")
    if event.phase == .scopeEnd, event.scope == .process {
      write(summary.withLock { $0.lines() }.map { "[CleanSlate] \($0)\n" }.joined())
    }
  }

  /// Whether the outline has a line for events of this phase.
  static func prints(_ phase: LifecycleEvent.Phase) -> Bool {
    switch phase {
    case .setupBegin, .teardownBegin, .bodyBegin, .waitBegin: false
    case .scopeBegin, .scopeEnd, .setupEnd, .teardownEnd, .bodyEnd, .issue, .note, .waitEnd: true
    }
  }

  /// The outline line for one event, without a newline.
  public static func line(for event: LifecycleEvent) -> String {
    let nested =
      event.fixture != nil || [.bodyBegin, .bodyEnd, .issue, .note].contains(event.phase)
    let depth = 2 - event.scope.rawValue + (nested ? 1 : 0)
    let indent = String(repeating: "  ", count: max(0, depth - 1))
    let verb: String
    switch event.phase {
    case .scopeBegin: verb = "BEGIN"
    case .scopeEnd: verb = "END"
    case .setupBegin, .setupEnd: verb = "SETUP"
    case .bodyBegin, .bodyEnd: verb = "BODY"
    case .teardownBegin, .teardownEnd: verb = "TEARDOWN"
    case .issue: verb = "ISSUE"
    case .note: verb = "NOTE"
    case .waitBegin, .waitEnd: verb = "WAIT"
    }
    let subject = event.fixture ?? event.issueCode ?? event.scopeName
    var line =
      "[CleanSlate] \(indent)\(pad(verb, 9)) \(pad(event.scope.description, 8)) \(pad(subject, 24))"
    if let duration = event.duration { line += " " + format(duration) }
    if let outcome = event.outcome, outcome != .passed || event.fixture == nil,
      event.phase != .issue || outcome != .failed
    {
      line += "  \(outcome.rawValue)"
    }
    if event.fixture != nil, let test = event.testName {
      // Parallel tests interleave their lines: name the test each fixture line belongs to.
      line += event.scope == .test ? "  (in \(test))" : "  (for \(test))"
    }
    if let message = event.message {
      let waited = event.phase == .waitBegin || event.phase == .waitEnd
      line +=
        (waited ? "  — for " : "  — ")
        + (message.split(separator: "\n").first.map(String.init) ?? "")
    }
    if event.phase == .issue || event.phase == .note, let location = event.location {
      line += "  at \(location)"
    }
    while line.last == " " { line.removeLast() }
    return line
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  private static func format(_ duration: Duration) -> String {
    let text = LifecycleSummary.format(duration)
    return String(repeating: " ", count: max(0, 10 - text.count)) + text
  }
}
