import Dispatch
import Foundation

/// Appends lifecycle events to a file, one JSON object a line, as described in
/// <doc:TraceSchema>.
///
/// The first line a process writes is a header naming the schema version, the run and the
/// process; every event line after it names the run and the process too, so that several test
/// processes can write to one file, or to files read together later:
///
/// ```json
/// {"trace":"cleanslate","v":1,"run":"ci-1234","pid":4242,"host":"builder","timeMicros":1763767501250000,"command":"…"}
/// {"run":"ci-1234","pid":4242,"timeMicros":1763767501250210,"phase":"setupEnd","scope":"test","scopeID":3,"scopeName":"StoreTests/saves()","fixture":"scratch","test":"StoreTests/saves()","outcome":"passed","durationNanos":210000,"at":"StoreTests/Fixtures.swift:12"}
/// ```
///
/// Writing is cheap: the thread that emits an event encodes it and appends it to a buffer; the
/// buffer goes to the file, with one `write(2)` of whole lines to a file opened for appending,
/// from one queue: 0.1 s after the first line in it, as soon as it holds 64 KiB, when the
/// process scope ends, and at exit. A process that crashes loses at most its last 0.1 s of
/// events, and its last line is at worst cut short (the reader warns and reads up to it).
public final class TraceJSONLinesWriter: LifecycleObserver {
  /// The version of the schema this writer writes.
  public static let schemaVersion = 1

  private let descriptor: Int32
  private let eventPrefix: [UInt8]
  private let pending = Locked(Pending())
  private let queue = DispatchQueue(label: "CleanSlate.TraceJSONLinesWriter")

  private struct Pending {
    var bytes: [UInt8] = []
    var flushScheduled = false
  }

  private static let flushSize = 64 << 10

  /// Opens (creating if needed) the file at `path` for appending and writes this process's
  /// header.
  ///
  /// - Parameters:
  ///   - path: The trace file.
  ///   - runID: The run the process belongs to; by default `CLEANSLATE_RUN_ID`, or one that
  ///     the processes of one `swift test` share.
  public init(path: String, runID: String? = nil) {
    descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    if descriptor < 0 {
      FileHandle.standardError.write(
        Data(
          "[CleanSlate] cannot open CLEANSLATE_TRACE file '\(path)' (errno \(errno)); tracing is off\n"
            .utf8))
    }
    let run = runID ?? TraceRun.id
    let pid = Int(getpid())
    var header = JSONLineEncoder()
    header.field("trace", "cleanslate")
    header.field("v", Self.schemaVersion)
    header.field("run", run)
    header.field("pid", pid)
    header.field("host", TraceRun.hostName)
    header.field("timeMicros", Self.nowMicros())
    header.field("command", TraceRun.command)
    var prefix = JSONLineEncoder()
    prefix.field("run", run)
    prefix.field("pid", pid)
    eventPrefix = prefix.bytes
    pending.withLock { $0.bytes = header.finish() }
  }

  deinit {
    flushNow()
    if descriptor >= 0 { close(descriptor) }
  }

  /// Encodes the event and queues its line; the line reaches the file within 0.1 s, at once
  /// when the process scope ends.
  public func observe(_ event: LifecycleEvent) {
    guard descriptor >= 0 else { return }
    let line = Self.encode(event, prefix: eventPrefix)
    let next = pending.withLock { pending -> Next in
      pending.bytes += line
      if pending.bytes.count >= Self.flushSize { return .flushSoon }
      guard !pending.flushScheduled else { return .wait }
      pending.flushScheduled = true
      return .flushLater
    }
    if event.phase == .scopeEnd && event.scope == .process {
      flush()
    } else if next == .flushLater {
      queue.asyncAfter(deadline: .now() + .milliseconds(100)) { self.flushNow() }
    } else if next == .flushSoon {
      queue.async { self.flushNow() }
    }
  }

  private enum Next { case wait, flushLater, flushSoon }

  /// Writes every queued line to the file now.
  public func flush() {
    queue.sync { flushNow() }
  }

  /// Takes the queued lines and writes them, on the writer's queue (or in `deinit`).
  private func flushNow() {
    let bytes = pending.withLock { pending -> [UInt8] in
      pending.flushScheduled = false
      defer { pending.bytes = [] }
      return pending.bytes
    }
    guard descriptor >= 0, !bytes.isEmpty else { return }
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// The JSON object for one event, without a newline, as this writer writes it (with the time
  /// it is called).
  public static func line(for event: LifecycleEvent) -> String {
    var bytes = encode(event, prefix: [])
    bytes.removeLast()
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func encode(_ event: LifecycleEvent, prefix: [UInt8]) -> [UInt8] {
    var line = JSONLineEncoder()
    line.append(rawFields: prefix)
    line.field("timeMicros", nowMicros())
    line.field("phase", event.phase.rawValue)
    line.field("scope", event.scope.description)
    line.field("scopeID", event.scopeID)
    if let parent = event.parentScopeID { line.field("parentScopeID", parent) }
    line.field("scopeName", event.scopeName)
    if let fixture = event.fixture { line.field("fixture", fixture) }
    if let test = event.testName { line.field("test", test) }
    if let outcome = event.outcome { line.field("outcome", outcome.rawValue) }
    if let duration = event.duration {
      let (seconds, attoseconds) = duration.components
      line.field("durationNanos", seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
    if let location = event.location { line.field("at", location.description) }
    if let code = event.issueCode { line.field("code", code) }
    if let message = event.message { line.field("message", message) }
    return line.finish()
  }

  private static func nowMicros() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000
  }
}
