import Foundation

/// Appends lifecycle events to a file, one JSON object a line.
///
/// Each line holds `time` (seconds since 1970), `phase`, `scope`, `scopeName`, and where they
/// apply `fixture`, `test`, `outcome`, `durationSeconds` and `message`:
///
/// ```json
/// {"durationSeconds":0.00021,"fixture":"scratch","outcome":"passed","phase":"setupEnd","scope":"test","scopeName":"StoreTests/saves()","test":"StoreTests/saves()","time":1763767501.25}
/// ```
///
/// Several test processes may append to one file: each line is written with a single
/// `write(2)` to a file opened for appending.
public final class TraceJSONLinesWriter: LifecycleObserver {
  private let descriptor: Int32
  private let path: String

  /// Opens (creating if needed) the file at `path` for appending.
  public init(path: String) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    if descriptor < 0 {
      FileHandle.standardError.write(
        Data(
          "[CleanSlate] cannot open CLEANSLATE_TRACE file '\(path)' (errno \(errno)); tracing is off\n"
            .utf8))
    }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  public func observe(_ event: LifecycleEvent) {
    guard descriptor >= 0 else { return }
    var bytes = Array(Self.line(for: event).utf8)
    bytes.append(UInt8(ascii: "\n"))
    _ = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
  }

  /// The JSON object for one event, without a newline.
  public static func line(for event: LifecycleEvent) -> String {
    var object: [String: Any] = [
      "time": Date().timeIntervalSince1970,
      "phase": event.phase.rawValue,
      "scope": event.scope.description,
      "scopeName": event.scopeName,
    ]
    if let fixture = event.fixture { object["fixture"] = fixture }
    if let test = event.testName { object["test"] = test }
    if let outcome = event.outcome { object["outcome"] = outcome.rawValue }
    if let duration = event.duration {
      object["durationSeconds"] =
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    if let message = event.message { object["message"] = message }
    guard
      let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
      let text = String(data: data, encoding: .utf8)
    else { return "{}" }
    return text
  }
}
