import CleanSlate
package import Foundation

/// Reads JSON Lines trace files (<doc:TraceSchema> in the CleanSlate documentation) into a
/// ``TraceLog``, merging the processes of every file.
///
/// A file must start with a CleanSlate header line of a schema version this reader knows. Later
/// lines that cannot be read are skipped with a warning: a cut last line (a process that
/// crashed while writing), a line of a process whose header is missing.
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
    var current: [ProcessKey: Int] = [:]
    var lineNumber = 0
    var sawHeader = false
    let endsWithNewline = data.last == UInt8(ascii: "\n")
    let lines = lineRanges(of: data)
    for (index, range) in lines.enumerated() {
      lineNumber += 1
      let line = data[range]
      if line.isEmpty || line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
        continue
      }
      let isLast = index == lines.count - 1
      guard let object = self.object(line) else {
        if !sawHeader {
          throw TraceReadError(
            .notATrace, path: path,
            reason:
              "not a CleanSlate lifecycle trace: line \(lineNumber) is not a JSON object (write one with CLEANSLATE_TRACE=/path/trace.jsonl)."
          )
        }
        if isLast && !endsWithNewline {
          log.warnings.append(
            "\(path):\(lineNumber): the last line is cut short (the process that wrote it probably crashed); read up to it."
          )
        } else {
          log.warnings.append("\(path):\(lineNumber): not a JSON object; skipped.")
        }
        continue
      }
      if object["trace"] != nil {
        let process = try header(object, path: path, line: lineNumber)
        sawHeader = true
        current[ProcessKey(run: process.run, pid: process.pid)] = log.processes.count
        log.processes.append(process)
        continue
      }
      guard sawHeader else {
        throw TraceReadError(
          .notATrace, path: path,
          reason:
            "not a CleanSlate lifecycle trace: it does not start with a trace header (\"trace\":\"cleanslate\"). Traces of schema \(schemaVersion) start with one."
        )
      }
      let key = ProcessKey(run: object["run"] as? String ?? "", pid: integer(object["pid"]) ?? -1)
      guard let processIndex = current[key] else {
        log.warnings.append(
          "\(path):\(lineNumber): an event of process \(key.pid) (run \(key.run)) whose header is not in this file; skipped."
        )
        continue
      }
      guard let event = event(object) else {
        log.warnings.append(
          "\(path):\(lineNumber): not a lifecycle event this reader knows; skipped.")
        continue
      }
      log.processes[processIndex].events.append(event)
    }
    guard sawHeader else {
      throw TraceReadError(
        .notATrace, path: path,
        reason:
          "not a CleanSlate lifecycle trace: the file is empty. Run the tests with CLEANSLATE_TRACE=/path/trace.jsonl to write one."
      )
    }
  }

  /// The JSON object a line holds: by the fast parser for a flat object, else by Foundation's.
  private static func object(_ line: Data) -> [String: Any]? {
    line.withUnsafeBytes { FlatJSONParser.parse($0) }
      ?? (try? JSONSerialization.jsonObject(with: line)) as? [String: Any]
  }

  /// The byte ranges of the lines of `data`, newlines left out; the last line may have none.
  private static func lineRanges(of data: Data) -> [Range<Data.Index>] {
    var ranges: [Range<Data.Index>] = []
    data.withUnsafeBytes { bytes in
      var start = 0
      while start < bytes.count {
        let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
        let end = rest.firstIndex(of: UInt8(ascii: "\n")).map { start + $0 } ?? bytes.count
        ranges.append((data.startIndex + start)..<(data.startIndex + end))
        start = end + 1
      }
    }
    return ranges
  }

  private struct ProcessKey: Hashable {
    var run: String
    var pid: Int
  }

  private static func header(
    _ object: [String: Any], path: String, line: Int
  ) throws(TraceReadError) -> TraceProcess {
    guard object["trace"] as? String == "cleanslate", let version = integer(object["v"]) else {
      throw TraceReadError(
        .notATrace, path: path,
        reason: "not a CleanSlate lifecycle trace: line \(line) is a header of another kind.")
    }
    guard version <= schemaVersion else {
      throw TraceReadError(
        .newerSchema, path: path,
        reason:
          "written in trace schema \(version) (line \(line)), newer than this cleanslate reads (\(schemaVersion)). Use the cleanslate of the CleanSlate version that wrote it."
      )
    }
    return TraceProcess(
      run: object["run"] as? String ?? "", pid: integer(object["pid"]) ?? 0,
      host: object["host"] as? String ?? "", command: object["command"] as? String ?? "",
      startMicros: integer64(object["timeMicros"]) ?? 0, seed: object["seed"] as? String)
  }

  /// The event a line holds, or `nil` if it lacks a field every event has.
  private static func event(_ object: [String: Any]) -> TimedEvent? {
    guard let phase = (object["phase"] as? String).flatMap(LifecycleEvent.Phase.init(rawValue:)),
      let scope = (object["scope"] as? String).flatMap(scope(named:)),
      let scopeName = object["scopeName"] as? String,
      let time = integer64(object["timeMicros"])
    else { return nil }
    var event = LifecycleEvent(
      phase: phase, scope: scope, scopeName: scopeName, fixture: object["fixture"] as? String,
      // A test scope's own events name no test: it is the scope.
      testName: object["test"] as? String ?? (scope == .test ? scopeName : nil),
      outcome: (object["outcome"] as? String).flatMap(LifecycleEvent.Outcome.init(rawValue:)),
      duration: integer64(object["durationNanos"]).map { .nanoseconds($0) },
      message: object["message"] as? String, scopeID: integer(object["scopeID"]) ?? 0,
      parentScopeID: integer(object["parentScopeID"]),
      issueCode: object["code"] as? String, argumentCase: object["case"] as? String)
    if let at = object["at"] as? String { event.location = location(at) }
    return TimedEvent(timeMicros: time, event: event)
  }

  private static func scope(named name: String) -> FixtureScope? {
    FixtureScope.allCases.first { $0.description == name }
  }

  /// A location written as `Module/File.swift:12`.
  private static func location(_ text: String) -> CodeLocation {
    guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...])
    else { return CodeLocation(fileID: text, filePath: text, line: 0, column: 0) }
    let file = String(text[..<colon])
    return CodeLocation(fileID: file, filePath: file, line: line, column: 0)
  }

  private static func integer(_ value: Any?) -> Int? {
    integer64(value).map { Int($0) }
  }

  private static func integer64(_ value: Any?) -> Int64? {
    switch value {
    case let number as NSNumber: number.int64Value
    case let number as Int: Int64(number)
    case let number as Int64: number
    default: nil
    }
  }
}
