import CleanSlate
import CleanSlateTestProcess
import CleanSlateTrace
import Foundation

/// Reads the durations of earlier runs' tests from `--timings` files: CleanSlate lifecycle traces
/// (`CLEANSLATE_TRACE`), and JUnit or XUnit XML (`cleanslate test --junit`,
/// `swift test --xunit-output`), told apart by their first character.
///
/// A file that cannot be used is never an error: it is left out with a warning, and with no
/// usable file the tests are split by count.
package enum TimingsReader {
  /// What the files said: the durations, and a warning for each file left out.
  package struct Result: Sendable {
    /// The durations of every file read, a later file's replacing an earlier one's.
    package var timings = TestTimings()
    /// A sentence for each file that could not be used, and why.
    package var warnings: [String] = []
  }

  /// Reads `paths`, in order.
  package static func read(_ paths: [String]) -> Result {
    var result = Result()
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else {
        let why = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
        result.warnings.append("\(path): \(why); its timings are left out.")
        continue
      }
      let first = data.first { !Set(" \t\r\n".utf8).contains($0) }
      guard let first else {
        result.warnings.append("\(path): the file is empty; its timings are left out.")
        continue
      }
      do {
        let timings =
          first == UInt8(ascii: "<") ? try xml(data, path: path) : try trace(data, path: path)
        guard !timings.isEmpty else {
          result.warnings.append("\(path): no test durations in it; its timings are left out.")
          continue
        }
        result.timings.merge(timings)
      } catch {
        let why = "\(error)"
        result.warnings.append(
          (why.hasSuffix(".") ? String(why.dropLast()) : why) + "; its timings are left out.")
      }
    }
    return result
  }

  /// The durations of `paths`, each warning sent to `notes` (and one more when no file could be
  /// used: the tests are split by count).
  package static func read(_ paths: [String], notes: SessionEvents) -> TestTimings {
    guard !paths.isEmpty else { return TestTimings() }
    let read = read(paths)
    for warning in read.warnings { notes.send(.note("warning: \(warning)")) }
    if read.timings.isEmpty {
      notes.send(.note("warning: no timings could be used; tests are split by count."))
    }
    return read.timings
  }

  /// The durations of a lifecycle trace: each test scope from its beginning to its end (the
  /// argument cases of a parameterized test added up), a later process's replacing an earlier's.
  static func trace(_ data: Data, path: String) throws(TraceReadError) -> TestTimings {
    var log = TraceLog()
    try TraceReader.read(data, from: path, into: &log)
    var timings = TestTimings()
    for process in log.processes {
      var durations: [String: Int64] = [:]
      for span in process.testSpans {
        guard let end = span.end else { continue }
        durations[span.name, default: 0] += end - span.start
      }
      for (name, micros) in durations { timings.record(micros, for: name) }
    }
    return timings
  }

  /// The durations of a JUnit or XUnit file: each `<testcase>`'s `time`, in seconds, named
  /// `classname/name` (the argument cases of a parameterized test added up).
  static func xml(_ data: Data, path: String) throws(TimingsFileError) -> TestTimings {
    let root: XUnitNode
    do {
      root = try XUnitNode.read(data)
    } catch {
      throw TimingsFileError(path: path, reason: error.description)
    }
    var durations: [String: Int64] = [:]
    for (className, name, element) in root.testCases {
      guard let seconds = element[attribute: "time"].flatMap(Double.init) else { continue }
      durations["\(className ?? "")/\(name)", default: 0] += Int64(seconds * 1e6)
    }
    return TestTimings(durations)
  }
}

/// A timings file that is not what it claims to be.
struct TimingsFileError: Error, CustomStringConvertible {
  var path: String
  var reason: String

  var description: String { "\(path): \(reason)" }
}
