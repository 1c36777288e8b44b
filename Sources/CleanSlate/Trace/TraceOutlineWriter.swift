import Foundation

/// Prints lifecycle events as an indented outline, in the spirit of pytest's `--setup-show`.
///
/// ```
/// [CleanSlate] BEGIN     suite    StoreTests
/// [CleanSlate]   SETUP     suite    database                 12.31 ms  (for StoreTests/saves())
/// [CleanSlate]   BEGIN     test     StoreTests/saves()
/// [CleanSlate]     SETUP     test     scratch                   0.21 ms
/// [CleanSlate]     TEARDOWN  test     scratch                   0.09 ms
/// [CleanSlate]   END       test     StoreTests/saves()        1.40 ms  passed
/// ```
///
/// Each line is written whole, so lines of parallel tests interleave but never mix.
public final class TraceOutlineWriter: LifecycleObserver {
  private let write: @Sendable (String) -> Void

  /// Creates a writer that hands each finished line (with its newline) to `write`.
  public init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// A writer to the process's standard error.
  public static let standardError = TraceOutlineWriter { line in
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// Writes a line when a scope begins or ends and when a setup or teardown finishes (a step's
  /// beginning adds nothing a reader needs: its end line carries its duration and outcome).
  public func observe(_ event: LifecycleEvent) {
    switch event.phase {
    case .setupBegin, .teardownBegin: return
    case .scopeBegin, .scopeEnd, .setupEnd, .teardownEnd: write(Self.line(for: event) + "\n")
    }
  }

  /// The outline line for one event, without a newline.
  public static func line(for event: LifecycleEvent) -> String {
    let depth = 2 - event.scope.rawValue + (event.fixture == nil ? 0 : 1)
    let indent = String(repeating: "  ", count: max(0, depth - 1))
    let verb: String
    switch event.phase {
    case .scopeBegin: verb = "BEGIN"
    case .scopeEnd: verb = "END"
    case .setupBegin, .setupEnd: verb = "SETUP"
    case .teardownBegin, .teardownEnd: verb = "TEARDOWN"
    }
    let subject = event.fixture ?? event.scopeName
    var line =
      "[CleanSlate] \(indent)\(pad(verb, 9)) \(pad(event.scope.description, 8)) \(pad(subject, 24))"
    if let duration = event.duration { line += " " + format(duration) }
    if let outcome = event.outcome, outcome != .passed || event.fixture == nil {
      line += "  \(outcome.rawValue)"
    }
    if event.fixture != nil, let test = event.testName {
      // Parallel tests interleave their lines: name the test each fixture line belongs to.
      line += event.scope == .test ? "  (in \(test))" : "  (for \(test))"
    }
    if let message = event.message {
      line += "  — " + (message.split(separator: "\n").first.map(String.init) ?? "")
    }
    while line.last == " " { line.removeLast() }
    return line
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  private static func format(_ duration: Duration) -> String {
    let milliseconds =
      Double(duration.components.seconds) * 1000
      + Double(duration.components.attoseconds) / 1e15
    let text = String(format: "%.2f ms", milliseconds)
    return String(repeating: " ", count: max(0, 10 - text.count)) + text
  }
}
