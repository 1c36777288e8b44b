import CleanSlate
package import Foundation

/// Reads JSON Lines trace files (<doc:TraceSchema> in the CleanSlate documentation) into a
/// ``TraceLog``, merging the processes of every file.
///
/// A file must start with a CleanSlate header line of a schema version this reader knows. Later
/// lines that cannot be read are skipped with a warning: a cut last line (a process that
/// crashed while writing), a line of a process whose header is missing.
///
/// A trace of a big suite has hundreds of thousands of lines, and `cleanslate` is a debug build
/// after `swift run`: lines are found with `memchr`, parsed by ``FlatJSONParser`` into the few
/// fields the reader knows, and a string that repeats the line before's (the run, the test, the
/// fixture) is shared rather than made again.
package enum TraceReader {
  /// The newest schema version this reader reads.
  package static let schemaVersion = TraceJSONLinesWriter.schemaVersion

  /// Reads and merges `paths`, in order.
  package static func read(_ paths: [String]) throws(TraceReadError) -> TraceLog {
    var log = TraceLog()
    for path in paths {
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        let reason =
          FileManager.default.fileExists(atPath: path)
          ? "cannot be read (\(error.localizedDescription))" : "no such file"
        throw TraceReadError(.unreadable, path: path, reason: reason)
      }
      try read(data, from: path, into: &log)
    }
    return log
  }

  /// Reads one file's contents into `log`.
  package static func read(
    _ data: Data, from path: String, into log: inout TraceLog
  ) throws(TraceReadError) {
    let failure = data.withUnsafeBytes { bytes in
      var file = FileReading(path: path)
      return file.read(bytes, into: &log)
    }
    if let failure { throw failure }
  }
}

/// The reading of one file: its lines in order, the processes whose headers it has read, and the
/// strings of the line before.
private struct FileReading {
  let path: String
  var current: [ProcessKey: Int] = [:]
  var sawHeader = false
  var recent = RecentValues()
  /// The process of the last event read, and its index in the log.
  var lastProcess: (key: ProcessKey, index: Int)?

  struct ProcessKey: Hashable {
    var run: String
    var pid: Int
  }

  init(path: String) { self.path = path }

  /// Reads every line of `bytes` into `log`; returns why the file is not a trace, if it is not.
  mutating func read(_ bytes: UnsafeRawBufferPointer, into log: inout TraceLog) -> TraceReadError? {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0
    else { return emptyFile }
    let count = bytes.count
    let fields = UnsafeMutablePointer<FlatJSONParser.Field>.allocate(
      capacity: FlatJSONParser.fieldCapacity)
    defer { fields.deallocate() }
    let endsWithNewline = base[count - 1] == 0x0A
    var start = 0
    var lineNumber = 0
    while start < count {
      var end = count
      if let newline = memchr(base + start, 0x0A, count - start) {
        end = UnsafeRawPointer(base).distance(to: newline)
      }
      defer { start = end + 1 }
      lineNumber += 1
      let line = UnsafeRawBufferPointer(start: base + start, count: end - start)
      guard !Self.isBlank(base, start, end) else { continue }
      let parsed = TraceLine(line, fields: fields, recent: &recent)
      let cutShort = end == count && !endsWithNewline
      if let failure = read(parsed, number: lineNumber, cutShort: cutShort, into: &log) {
        return failure
      }
    }
    return sawHeader ? nil : emptyFile
  }

  private var emptyFile: TraceReadError {
    TraceReadError(
      .notATrace, path: path,
      reason:
        "not a CleanSlate lifecycle trace: the file is empty. Run the tests with CLEANSLATE_TRACE=/path/trace.jsonl to write one."
    )
  }

  /// Whether `start..<end` holds only spaces and carriage returns.
  private static func isBlank(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var index = start
    while index < end {
      guard base[index] == 0x20 || base[index] == 0x0D else { return false }
      index += 1
    }
    return true
  }

  /// Reads one line, `nil` when it is not a JSON object; `cutShort` when it is the last line and
  /// the file does not end it.
  private mutating func read(
    _ line: TraceLine?, number: Int, cutShort: Bool, into log: inout TraceLog
  ) -> TraceReadError? {
    guard let line else {
      if !sawHeader {
        return TraceReadError(
          .notATrace, path: path,
          reason:
            "not a CleanSlate lifecycle trace: line \(number) is not a JSON object (write one with CLEANSLATE_TRACE=/path/trace.jsonl)."
        )
      }
      if cutShort {
        log.warnings.append(
          "\(path):\(number): the last line is cut short (the process that wrote it probably crashed); read up to it."
        )
      } else {
        log.warnings.append("\(path):\(number): not a JSON object; skipped.")
      }
      return nil
    }
    if line.isHeader {
      do {
        let process = try header(line, number: number)
        sawHeader = true
        current[ProcessKey(run: process.run, pid: process.pid)] = log.processes.count
        lastProcess = nil
        log.processes.append(process)
        return nil
      } catch {
        return error
      }
    }
    guard sawHeader else {
      return TraceReadError(
        .notATrace, path: path,
        reason:
          "not a CleanSlate lifecycle trace: it does not start with a trace header (\"trace\":\"cleanslate\"). Traces of schema \(TraceReader.schemaVersion) start with one."
      )
    }
    let key = ProcessKey(run: line.run ?? "", pid: line.pid.map { Int($0) } ?? -1)
    guard let processIndex = process(of: key) else {
      log.warnings.append(
        "\(path):\(number): an event of process \(key.pid) (run \(key.run)) whose header is not in this file; skipped."
      )
      return nil
    }
    guard let event = line.event else {
      log.warnings.append("\(path):\(number): not a lifecycle event this reader knows; skipped.")
      return nil
    }
    log.processes[processIndex].events.append(event)
    return nil
  }

  /// The index in the log of the process `key` names, if its header was read: looked up again
  /// only when the line names another process than the line before.
  private mutating func process(of key: ProcessKey) -> Int? {
    if let last = lastProcess, last.key.pid == key.pid, last.key.run == key.run {
      return last.index
    }
    guard let index = current[key] else { return nil }
    lastProcess = (key, index)
    return index
  }

  private func header(_ line: TraceLine, number: Int) throws(TraceReadError) -> TraceProcess {
    guard line.trace == "cleanslate", let version = line.version else {
      throw TraceReadError(
        .notATrace, path: path,
        reason: "not a CleanSlate lifecycle trace: line \(number) is a header of another kind.")
    }
    guard version <= TraceReader.schemaVersion else {
      throw TraceReadError(
        .newerSchema, path: path,
        reason:
          "written in trace schema \(version) (line \(number)), newer than this cleanslate reads (\(TraceReader.schemaVersion)). Use the cleanslate of the CleanSlate version that wrote it."
      )
    }
    return TraceProcess(
      run: line.run ?? "", pid: line.pid.map { Int($0) } ?? 0, host: line.host ?? "",
      command: line.command ?? "", startMicros: line.timeMicros ?? 0, seed: line.seed)
  }
}
