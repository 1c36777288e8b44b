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
/// {"trace":"cleanslate","v":1,"run":"ci-1234","pid":4242,"host":"builder","timeMicros":1763767501250000,"command":"…","seed":"2718281828"}
/// {"run":"ci-1234","pid":4242,"timeMicros":1763767501250210,"phase":"setupEnd","scope":"test","scopeID":3,"scopeName":"StoreTests/saves()","fixture":"scratch","outcome":"passed","durationNanos":210000,"at":"StoreTests/Fixtures.swift:12"}
/// ```
///
/// Writing is cheap: the thread that emits an event encodes it straight into a buffer; the
/// buffer goes to the file, with one `write(2)` of whole lines to a file opened for appending,
/// from one queue: 0.1 s after the first line in it, as soon as it holds 64 KiB, when the
/// process scope ends, and at exit. A process that crashes loses at most its last 0.1 s of
/// events, and its last line is at worst cut short (the reader warns and reads up to it).
public final class TraceJSONLinesWriter: LifecycleObserver {
  /// The version of the schema this writer writes.
  public static let schemaVersion = 1

  private let descriptor: Int32
  private let eventPrefix: [UInt8]
  private let pending: Locked<Pending>
  private let queue = DispatchQueue(label: "CleanSlate.TraceJSONLinesWriter")

  private struct Pending {
    var lines: LineBuffer
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
    let host = TraceRun.hostName
    let command = TraceRun.command
    let seed = try? RunSeed.current.get().value.description
    let size = { (strings: [String]) in
      strings.reduce(9 * JSONLineEncoder.fieldOverhead) { $0 + JSONLineEncoder.size(of: $1) }
    }
    let header = JSONLineEncoder.encode(
      capacity: size(["cleanslate", run, host, command, seed ?? ""])
    ) {
      $0.field("trace", "cleanslate")
      $0.field("v", Self.schemaVersion)
      $0.field("run", run)
      $0.field("pid", pid)
      $0.field("host", host)
      $0.field("timeMicros", Self.nowMicros())
      $0.field("command", command)
      if let seed { $0.field("seed", seed) }
    }
    eventPrefix = JSONLineEncoder.fields(
      of: JSONLineEncoder.encode(capacity: size([run])) {
        $0.field("run", run)
        $0.field("pid", pid)
      })
    var lines = LineBuffer()
    header.withUnsafeBufferPointer { lines.append($0) }
    pending = Locked(Pending(lines: lines))
  }

  deinit {
    flushNow()
    if descriptor >= 0 { close(descriptor) }
  }

  /// Encodes the event and queues its line; the line reaches the file within 0.1 s, at once
  /// when the process scope ends.
  ///
  /// The line is encoded straight into the queued lines, under a lock held for that alone.
  public func observe(_ event: LifecycleEvent) {
    guard descriptor >= 0 else { return }
    let capacity = Self.capacity(for: event, prefix: eventPrefix)
    let time = Self.nowMicros()
    let next = pending.withLock { pending -> Next in
      pending.lines.write(capacity: capacity) { start in
        var line = JSONLineEncoder(writingTo: start, capacity: capacity)
        Self.encode(event, at: time, prefix: eventPrefix, into: &line)
        return line.finish()
      }
      if pending.lines.count >= Self.flushSize { return .flushSoon }
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
    var lines = pending.withLock { pending -> LineBuffer in
      pending.flushScheduled = false
      return pending.lines.take()
    }
    defer { lines.release() }
    guard descriptor >= 0 else { return }
    var offset = 0
    while offset < lines.count {
      let written = Foundation.write(descriptor, lines.start! + offset, lines.count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// The JSON object for one event, without a newline, as this writer writes it (with the time
  /// it is called).
  public static func line(for event: LifecycleEvent) -> String {
    var bytes = JSONLineEncoder.encode(capacity: capacity(for: event, prefix: [])) {
      encode(event, at: nowMicros(), prefix: [], into: &$0)
    }
    bytes.removeLast()
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Room for every field of the event, each string escaped at worst.
  private static func capacity(for event: LifecycleEvent, prefix: [UInt8]) -> Int {
    var capacity = prefix.count + 16 * JSONLineEncoder.fieldOverhead
    if let location = event.location { capacity += JSONLineEncoder.size(of: location.fileID) }
    capacity += JSONLineEncoder.size(of: event.scopeName)
    if let fixture = event.fixture { capacity += JSONLineEncoder.size(of: fixture) }
    if let test = event.testName { capacity += JSONLineEncoder.size(of: test) }
    if let message = event.message { capacity += JSONLineEncoder.size(of: message) }
    if let code = event.issueCode { capacity += JSONLineEncoder.size(of: code) }
    if let argumentCase = event.argumentCase { capacity += JSONLineEncoder.size(of: argumentCase) }
    return capacity
  }

  private static func encode(
    _ event: LifecycleEvent, at time: Int64, prefix: [UInt8], into line: inout JSONLineEncoder
  ) {
    line.append(fields: prefix)
    line.field("timeMicros", time)
    line.field("phase", event.phase.rawValue)
    line.field("scope", event.scope.description)
    line.field("scopeID", event.scopeID)
    if let parent = event.parentScopeID { line.field("parentScopeID", parent) }
    line.field("scopeName", event.scopeName)
    if let fixture = event.fixture { line.field("fixture", fixture) }
    // A test scope's own events leave out the test's name: it is the scope's.
    if let test = event.testName, event.scope != .test || test != event.scopeName {
      line.field("test", test)
    }
    if let outcome = event.outcome { line.field("outcome", outcome.rawValue) }
    if let duration = event.duration {
      let (seconds, attoseconds) = duration.components
      line.field("durationNanos", seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
    if let location = event.location { line.field("at", location) }
    if let code = event.issueCode { line.field("code", code) }
    if let argumentCase = event.argumentCase { line.field("case", argumentCase) }
    if let message = event.message { line.field("message", message) }
  }

  private static func nowMicros() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000
  }
}

/// Lines waiting to be written, in memory of their own that grows by doubling; only the
/// writer's lock guards it.
private struct LineBuffer: @unchecked Sendable {
  private(set) var start: UnsafeMutablePointer<UInt8>?
  private(set) var count = 0
  private var capacity = 0

  /// Makes room for `maximum` bytes at the end and lets `write` fill them; it returns how many
  /// it wrote.
  mutating func write(capacity maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
    if count + maximum > capacity {
      // Room for a whole flush's worth of lines at once: it is written when it holds 64 KiB.
      let grown = max(capacity * 2, count + maximum, 80 << 10)
      let new = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
      if let start {
        new.update(from: start, count: count)
        start.deallocate()
      }
      start = new
      capacity = grown
    }
    count += write(start! + count)
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    write(capacity: bytes.count) { end in
      end.update(from: bytes.baseAddress!, count: bytes.count)
      return bytes.count
    }
  }

  /// The lines so far, leaving this buffer empty; ``release()`` the result once written.
  mutating func take() -> LineBuffer {
    defer { self = LineBuffer() }
    return self
  }

  mutating func release() {
    start?.deallocate()
    self = LineBuffer()
  }
}
