/// What a launch reset did: whether it ran, what it removed (or would, in a dry run), and what
/// failed.
///
/// Print it to see why a test's app did or did not start clean:
///
/// ```
/// CleanSlateLaunch reset: removed 2 items, 0 failures
///   directory /data/todo: items.json
///   defaults suite com.example.todo: sortOrder
/// ```
public struct LaunchResetReport: Sendable, CustomStringConvertible {
  /// Whether the reset ran, and why not if it did not.
  public enum Outcome: Sendable, Hashable {
    /// The launch did not ask for a reset (no launch argument).
    case notRequested
    /// The launch argument was given but the environment token was missing or did not match, so
    /// nothing was touched.
    case refused(reason: String)
    /// The declared stores were reset.
    case performed
    /// Nothing was removed: this reports what a reset would remove.
    case previewed
  }

  /// One thing removed from a store (or that would be, in a dry run).
  public struct Removal: Sendable, Hashable, CustomStringConvertible {
    /// The store it belonged to, as `directory /data/todo`.
    public var store: String
    /// The item: an entry's name (`cache/` for a directory, `link -> target` for a link, never
    /// followed), a defaults key, or a custom action.
    public var item: String

    /// The removal as `directory /data/todo: items.json`.
    public var description: String { "\(store): \(item)" }
  }

  /// A store, or part of one, that could not be reset.
  public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store, as `directory /data/todo`.
    public var store: String
    /// What went wrong, as `it is a symbolic link, which is never followed`.
    public var message: String

    /// The failure as `directory /data/todo: it is a symbolic link, which is never followed`.
    public var description: String { "\(store): \(message)" }
  }

  /// Whether the reset ran.
  public var outcome: Outcome
  /// What was removed, in store order; in a dry run, what would be.
  public var removed: [Removal] = []
  /// What could not be reset; the other stores were still reset.
  public var failures: [Failure] = []

  /// Whether the stores were reset, without failures: the app starts from a clean slate.
  public var isCleanSlate: Bool { outcome == .performed && failures.isEmpty }

  /// The report: the outcome, then one line per removal and failure.
  public var description: String {
    var lines: [String]
    switch outcome {
    case .notRequested:
      return "CleanSlateLaunch: no reset requested."
    case .refused(let reason):
      return "CleanSlateLaunch: reset refused, nothing touched: \(reason)"
    case .performed:
      lines = ["CleanSlateLaunch reset: removed \(removed.count) items, \(failures.count) failures"]
    case .previewed:
      lines = [
        "CleanSlateLaunch dry run: would remove \(removed.count) items, \(failures.count) failures"
      ]
    }
    lines += removed.map { "  \($0)" }
    lines += failures.map { "  failed: \($0)" }
    return lines.joined(separator: "\n")
  }
}
