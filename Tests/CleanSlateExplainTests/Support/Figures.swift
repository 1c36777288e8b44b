import Foundation

/// The figures a simulation measured, printed to standard error when
/// `CLEANSLATE_EXPLAIN_FIGURES=1`, for BENCHMARKS.md; silent otherwise.
enum Figures {
  static func record(_ line: @autoclosure () -> String) {
    guard ProcessInfo.processInfo.environment["CLEANSLATE_EXPLAIN_FIGURES"] == "1" else { return }
    FileHandle.standardError.write(Data("figure: \(line())\n".utf8))
  }
}
