import Foundation

/// Something that receives every lifecycle event of the scopes it is attached to.
///
/// The built-in observers are chosen by `CLEANSLATE_TRACE`: `stderr` for a readable outline,
/// any other value for a JSON Lines file at that path. Events of parallel tests arrive
/// concurrently, so an observer must be thread-safe.
public protocol LifecycleObserver: Sendable {
  /// Receives one event. Called synchronously on the thread where it happened: keep it short.
  func observe(_ event: LifecycleEvent)
}

/// The observer picked once per process from `CLEANSLATE_TRACE`.
enum EnvironmentTrace {
  /// `nil` when `CLEANSLATE_TRACE` is unset or empty, so tracing costs one branch.
  static let observer: (any LifecycleObserver)? = {
    guard let value = setting else { return nil }
    switch value.lowercased() {
    case "stderr", "1", "true": return TraceOutlineWriter.standardError
    default: return fileWriter
    }
  }()

  private static let setting: String? = {
    guard let value = ProcessEnvironment.value(of: "CLEANSLATE_TRACE"), !value.isEmpty else {
      return nil
    }
    return value
  }()

  /// The JSON Lines writer to the path `CLEANSLATE_TRACE` names, flushed at exit.
  private static let fileWriter: TraceJSONLinesWriter? = {
    guard let path = setting else { return nil }
    let writer = TraceJSONLinesWriter(path: path)
    atexit { EnvironmentTrace.fileWriter?.flush() }
    return writer
  }()
}
