package import CleanSlate
package import Foundation

/// When a session's tests ran, by their frameworks' clocks: each test's first start and last end
/// over all its attempts, heard as the session's progress (``SessionEvent/progress(test:_:at:)``)
/// — what a report's wall time comes from, where the sum of the tests' durations would count
/// tests that ran at once as many times as they ran.
package struct SessionTimeline: Sendable, Equatable {
  /// A test's first start and last end.
  private struct Span: Sendable, Equatable {
    var start: Date
    var end: Date
  }

  private var spans: [TestName: Span] = [:]

  /// No test seen.
  package init() {}

  /// Takes in that `test` started or ended `at`; a test's later start or earlier end widens
  /// nothing.
  package mutating func saw(_ test: TestName, at: Date) {
    guard var span = spans[test] else {
      spans[test] = Span(start: at, end: at)
      return
    }
    span.start = min(span.start, at)
    span.end = max(span.end, at)
    spans[test] = span
  }

  /// Whether no test was seen.
  package var isEmpty: Bool { spans.isEmpty }

  /// The seconds from the first start to the last end of `tests` (every test seen when `nil`),
  /// or `nil` when none of them was seen.
  package func wallSeconds(of tests: [TestName]? = nil) -> Double? {
    let seen = tests.map { $0.compactMap { spans[$0] } } ?? Array(spans.values)
    guard let start = seen.map(\.start).min(), let end = seen.map(\.end).max() else { return nil }
    return end.timeIntervalSince(start)
  }
}
