import CleanSlate
import Foundation

/// What tests that fail when they run at the same time share, as far as the runs of the parallel
/// experiment tell, and how to give each test its own: what the sentinel saw the tests leave, else
/// the port or the path the failure names, else that it is in memory (one process) or released
/// before each test ends (processes of their own).
package enum SharedResource {
  /// The shared thing in one line, with the advice that fits: from `runs` (what the sentinel saw
  /// each test leave, and the failure, of each run where the test failed), what the sentinel
  /// reported about `tests`; a crash's `crashPath` (the code under test two crashes went
  /// through) when nothing else names it.
  static func described(
    in runs: [(leftBehind: [TestName: [String]], failure: String?, temporaryDirectory: String?)],
    of tests: [TestName], acrossProcesses: Bool, crashPath: [String]? = nil
  ) -> String {
    let watched = runs.contains { run in tests.contains { run.leftBehind[$0] != nil } }
    var items: [String] = []
    for run in runs {
      for report in tests.flatMap({ run.leftBehind[$0] ?? [] }) {
        for var item in Self.items(of: report) {
          // Each run's tests had a temporary directory of their own: the same file in each.
          if let directory = run.temporaryDirectory {
            item = item.replacingOccurrences(of: directory, with: "$TMPDIR")
          }
          if !items.contains(item) { items.append(item) }
        }
      }
    }
    if !items.isEmpty {
      return "what the sentinel saw them leave: \(items.joined(separator: "; ")). "
        + advice(for: items.joined(separator: "\n"))
    }
    if let named = runs.lazy.compactMap(\.failure).compactMap(Self.named(in:)).first {
      return "\(named), which its failure names. \(advice(for: named))"
    }
    if let crashPath, let last = crashPath.last {
      return
        "what \(last) keeps, which the crashes went through: state the code under test keeps for the whole process (a global, a static, a registry), changed by two tests at once. Serialize what changes it (a lock, or one test at a time: .serialized), or give each test a process of its own."
    }
    let none = "the sentinel saw no file, variable or port left changed, and the failure names none"
    guard watched else {
      return
        "not told: the sentinel does not watch these tests (not CleanSlate tests), and the failure names no port or path."
    }
    return acrossProcesses
      ? "something outside the test processes that each test releases before it ends (a port, a file, a database): \(none). Give each test its own: a port the system chooses (listen on port 0), a directory from try await use(.temporaryDirectory), a database of its own."
      : "something in memory (a static, a singleton, an object the tests share): \(none). Give each test an instance of its own, or run the suite's tests one at a time (.serialized)."
  }

  /// The items of one sentinel report: its lines after the first, trimmed.
  private static func items(of report: String) -> [String] {
    let lines = report.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    return lines.count > 1 ? Array(lines.dropFirst()) : lines
  }

  /// The port or path a failure names: `the port 23812 (127.0.0.1:23812)`, `/tmp/shop.lock`.
  package static func named(in failure: String) -> String? {
    let address = #/(127\.0\.0\.1|localhost|0\.0\.0\.0|\[::1\]|::1):(\d{2,5})/#
    let port = #/\b[Pp]ort (\d{2,5})\b/#
    let path = #/(?:/[A-Za-z0-9._-]+){2,}/#
    if let match = failure.firstMatch(of: address) {
      return "the port \(match.output.2) (\(match.output.1):\(match.output.2))"
    }
    if let match = failure.firstMatch(of: port) { return "the port \(match.output.1)" }
    if let match = failure.firstMatch(of: path) { return String(match.output) }
    return nil
  }

  /// How to give each test its own of what `shared` names.
  private static func advice(for shared: String) -> String {
    if shared.contains("port ") || shared.contains("TCP ") {
      return
        "Give each test a port of its own: listen on port 0 and use the port the system chose."
    }
    if shared.contains("/") {
      return "Give each test a directory of its own: try await use(.temporaryDirectory)."
    }
    return
      "Give each test its own, or set variables with try await use(.environment([…])), which runs the tests that change them one at a time."
  }

}
