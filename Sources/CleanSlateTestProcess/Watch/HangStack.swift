package import CleanSlate
import Foundation

/// Where a hung test was stuck, read from the stacks its report holds (``ThreadStacks``): the
/// functions of the thread that runs the test, from the one it waits in up to the test's own.
package enum HangStack {
  /// The functions, innermost first, of the thread among `report`'s stacks whose frames name
  /// `test` (up to the test's own frame), without the offsets and places; the first thread's
  /// first few when none names it; none when the report holds no stack.
  package static func whereItHung(_ report: [String], test: TestName) -> [String] {
    var threads: [[String]] = []
    for line in report {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("Thread ") {
        threads.append([])
      } else if trimmed.hasPrefix("#"), !threads.isEmpty {
        threads[threads.count - 1].append(function(of: trimmed))
      }
    }
    let names = test.functionNames
    for frames in threads {
      guard let index = frames.firstIndex(where: { frame in names.contains(where: frame.contains) })
      else { continue }
      let stack = Array(frames[...index])
      // The call it waits in, then the calls that led there from the test (the waits of the
      // system's libraries between them say little).
      return stack.count > 5 ? [stack[0], "…"] + stack.suffix(3) : stack
    }
    return Array(threads.first?.prefix(4) ?? [])
  }

  /// The function of a frame line, `#3  Subprocess.run(…) at /src/Run.swift:12` → its name.
  private static func function(of line: Substring) -> String {
    var rest = line.drop { $0 != " " }.drop { $0 == " " }
    if let at = rest.range(of: " at ", options: .backwards) {
      rest = rest[..<at.lowerBound]
    } else if let inLibrary = rest.range(of: " in lib", options: .backwards) {
      rest = rest[..<inLibrary.lowerBound]
    }
    return String(rest)
  }
}
