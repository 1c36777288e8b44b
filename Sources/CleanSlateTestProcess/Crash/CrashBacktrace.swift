import Foundation

/// The Swift runtime's report of a crash, read from what a test process wrote on standard error:
/// the fatal error it raised, the signal, and the frames of the thread that crashed.
///
/// The runtime's backtracer writes, for a `fatalError("crashes on purpose")` in an XCTest test:
///
/// ```
/// RunnerFixtureTests/AlphaTests.swift:19: Fatal error: crashes on purpose
///
/// *** Signal 4: Backtracing from 0x7fb5efcf9361... done ***
///
/// *** Program crashed: Illegal instruction at 0x00007fb5efcf9361 ***
///
/// Thread 0 "RunnerFixturePa" crashed:
///
///   0               0x00007fb5efcf9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
///   1 [ra]          0x000055e7833bc171 AlphaTests.testCrashes() + 176 in RunnerFixturePackageTests.xctest at /src/Tests/RunnerFixtureTests/AlphaTests.swift:19:34
///   2 [ra] [system] 0x000055e7833911cb implicit closure #2 in implicit closure #1 in …
/// ...
///
/// Thread 1 "r-initiated-qos":
/// …
/// ```
///
/// The crashed thread is not always thread 0: Swift Testing runs tests on the threads of the
/// cooperative pool. Only the crashed thread's frames are read; the other threads' and the
/// registers are left out.
package struct CrashBacktrace: Sendable, Equatable {
  /// The runtime's fatal error, as it printed it: `RunnerFixtureTests/AlphaTests.swift:19: Fatal
  /// error: crashes on purpose` (or `Precondition failed: …`, `Assertion failed: …`).
  package var fatalError: String?
  /// The signal the backtracer reported (`*** Signal 4: …`).
  package var signal: Int32?
  /// What the runtime says happened: `Illegal instruction at 0x00007fb5efcf9361`, `Bad pointer
  /// dereference at 0x0000000000000008`.
  package var problem: String?
  /// The crashed thread as the backtracer names it: `Thread 0 "RunnerFixturePa"`.
  package var thread: String?
  /// The crashed thread's frames, innermost first, as the backtracer numbered them.
  package var frames: [Frame]

  /// A backtrace of these parts.
  package init(
    fatalError: String? = nil, signal: Int32? = nil, problem: String? = nil, thread: String? = nil,
    frames: [Frame] = []
  ) {
    self.fatalError = fatalError
    self.signal = signal
    self.problem = problem
    self.thread = thread
    self.frames = frames
  }

  /// The crash in `standardError`; `nil` when it holds neither a fatal error nor a backtrace.
  package init?(standardError: String) {
    self.init()
    var sawBacktrace = false
    var inCrashedThread = false
    for line in standardError.split(separator: "\n", omittingEmptySubsequences: false) {
      if inCrashedThread {
        if line.allSatisfy(\.isWhitespace) {
          inCrashedThread = frames.isEmpty
        } else if let frame = Frame(line: line) {
          frames.append(frame)
        }
      } else if let signal = Self.value(of: line, between: "*** Signal ", and: ":") {
        self.signal = Int32(signal)
        sawBacktrace = true
      } else if let problem = Self.value(of: line, between: "*** Program crashed: ", and: " ***") {
        self.problem = String(problem)
      } else if line.hasPrefix("Thread "), line.hasSuffix(" crashed:") {
        thread = String(line.dropLast(" crashed:".count))
        inCrashedThread = true
      } else if !sawBacktrace, Self.isFatalError(line) {
        fatalError = String(line.trimmingSpaces)
      }
    }
    guard fatalError != nil || sawBacktrace || thread != nil else { return nil }
  }

  /// The fatal error in one line, its place last: `Fatal error: crashes on purpose
  /// (AlphaTests.swift:19)`; `nil` when the runtime printed none.
  package var fatalErrorMessage: String? {
    guard let fatalError else { return nil }
    for kind in Self.fatalErrorKinds {
      guard let range = fatalError.range(of: kind) else { continue }
      let message = fatalError[range.lowerBound...]
      let place = fatalError[..<range.lowerBound].dropLast(2)
      guard let file = place.split(separator: "/").last, place.contains(".swift:") else {
        return String(message)
      }
      return "\(message) (\(file))"
    }
    return fatalError
  }

  /// The crash as a few lines for a report: the fatal error, what happened, and the crashed
  /// thread's first meaningful frames (``Frame/isMeaningful``), up to the test framework's own,
  /// at most `limit` of them.
  package func excerpt(limit: Int = 10) -> [String] {
    var lines: [String] = []
    if let message = fatalErrorMessage { lines.append(message) }
    if let problem {
      lines.append("Program crashed: \(problem)" + (signal.map { " (signal \($0))" } ?? ""))
    }
    guard let thread else { return lines }
    lines.append("\(thread) crashed:")
    var kept = 0
    for frame in frames where frame.isMeaningful {
      guard kept < limit, !frame.isInTestFramework else { break }
      lines.append("  \(frame.index) \(frame.shortText)")
      kept += 1
    }
    return lines
  }

  /// The kinds of message the runtime prints before it traps.
  private static let fatalErrorKinds = [
    "Fatal error: ", "Precondition failed: ", "Assertion failed: ",
  ]

  /// Whether `line` is the runtime's `File.swift:19: Fatal error: message` (or one without a
  /// place).
  private static func isFatalError(_ line: Substring) -> Bool {
    fatalErrorKinds.contains { kind in
      line.hasPrefix(kind) || line.contains(": \(kind)")
    }
  }

  /// What stands between `start` (at the beginning of `line`) and the first `end` after it.
  private static func value(
    of line: Substring, between start: String, and end: String
  ) -> Substring? {
    guard line.hasPrefix(start) else { return nil }
    let rest = line.dropFirst(start.count)
    guard let range = rest.range(of: end) else { return nil }
    return rest[..<range.lowerBound]
  }
}

extension Substring {
  /// The text without spaces at either end.
  var trimmingSpaces: Substring {
    var text = self
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return text
  }
}
