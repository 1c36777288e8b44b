package import CleanSlate
package import CleanSlateTrace
import Foundation

/// What the lifecycle trace of one launch says about its tests: which drew from `.seededRandom`
/// and with which run seed, which ran at the same time, which argument cases of a parameterized
/// test failed, and what the sentinel saw each test leave behind.
///
/// Tests are matched by what their listed name and their name in a trace have in common
/// (``TestName/traceKey``); a test that is not a CleanSlate test writes nothing.
package struct TraceFacts: Sendable, Equatable {
  /// The tests that set up `.seededRandom`, by trace key.
  private var seededRandom: Set<String> = []
  /// The run seed of the process each test ran in, by trace key.
  private var seeds: [String: String] = [:]
  /// The tests whose test scope overlapped each test's in time, by trace key.
  private var overlapping: [String: Set<String>] = [:]
  /// What the sentinel reported about each test that ran in a test scope (none for a test it saw
  /// leave nothing), by trace key.
  private var reports: [String: [String]] = [:]
  /// The argument cases of each parameterized test that failed, in the order they began, by trace
  /// key.
  private var failedCases: [String: [String]] = [:]
  /// When each test's first test scope began, in microseconds since 1970, by trace key.
  private var firstStarts: [String: Int64] = [:]

  /// What `log` says.
  package init(log: TraceLog) {
    var spans: [(key: String, start: Int64, end: Int64)] = []
    for process in log.processes {
      for span in process.testSpans {
        let key = TestName.traceKey(span.name)
        if let seed = process.seed, seeds[key] == nil { seeds[key] = seed }
        firstStarts[key] = min(firstStarts[key] ?? .max, span.start)
        if reports[key] == nil { reports[key] = [] }
        guard let end = span.end else { continue }
        spans.append((key, span.start, end))
        if span.outcome == .failed, let argumentCase = span.argumentCase,
          failedCases[key]?.contains(argumentCase) != true
        {
          failedCases[key, default: []].append(argumentCase)
        }
      }
      for timed in process.events {
        let event = timed.event
        if event.phase == .setupBegin, event.fixture == "seededRandom", let test = event.testName {
          seededRandom.insert(TestName.traceKey(test))
        }
        if event.phase == .issue, event.issueCode == "stateLeaked", let message = event.message {
          let summary = message.components(separatedBy: "\n  watched from:").first ?? message
          let named = [(event.scopeName, summary)] + Self.overlappedReports(in: summary)
          for (name, report) in named {
            let key = TestName.traceKey(name)
            if reports[key]?.contains(report) != true { reports[key, default: []].append(report) }
          }
        }
      }
    }
    for span in spans {
      for other in spans
      where other.key != span.key && span.start < other.end && other.start < span.end {
        overlapping[span.key, default: []].insert(other.key)
      }
    }
  }

  /// The items of a report of tests that ran at the same time — its suite's, or the run's: the
  /// sentinel blames neither of two overlapping tests, and says which ran while each item changed
  /// (`+ TOKEN="…" (added); it changed while 'S/a()' and 'S/b()' ran, alongside other tests`) —
  /// as a report of each test named, its first line and the item.
  static func overlappedReports(in summary: String) -> [(test: String, report: String)] {
    let lines = summary.split(separator: "\n", omittingEmptySubsequences: false)
    guard let title = lines.first else { return [] }
    var found: [(test: String, report: String)] = []
    for line in lines.dropFirst() {
      guard let marker = line.range(of: "; it changed while ") else { continue }
      let item = line[..<marker.lowerBound]
      let names = line[marker.upperBound...].split(separator: "'", omittingEmptySubsequences: false)
        .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
      for name in names { found.append((name, "\(title)\n\(item)")) }
    }
    return found
  }

  /// Facts given one by one, as a simulated launch states them.
  package init(
    seededRandom: [TestName] = [], seeds: [TestName: String] = [:],
    beside: [TestName: [TestName]] = [:], leftBehind: [TestName: [String]] = [:],
    failedCases: [TestName: [String]] = [:]
  ) {
    self.seededRandom = Set(seededRandom.map(\.traceKey))
    for (test, seed) in seeds { self.seeds[test.traceKey] = seed }
    for (test, others) in beside {
      overlapping[test.traceKey, default: []].formUnion(others.map(\.traceKey))
    }
    for (test, left) in leftBehind { reports[test.traceKey] = left }
    for (test, cases) in failedCases { self.failedCases[test.traceKey] = cases }
  }

  /// Whether `test` set up `.seededRandom`.
  package func drewFromSeededRandom(_ test: TestName) -> Bool {
    seededRandom.contains(test.traceKey)
  }

  /// The run seed of the process `test` ran in, when its trace names one.
  package func seed(of test: TestName) -> String? { seeds[test.traceKey] }

  /// The tests among `tests` whose test scope overlapped `test`'s in time, in the order given.
  package func beside(_ test: TestName, among tests: [TestName]) -> [TestName] {
    let others = overlapping[test.traceKey] ?? []
    return tests.filter { $0 != test && others.contains($0.traceKey) }
  }

  /// The tests among `tests` that the trace shows starting before `test` first started, in the
  /// order given; `nil` when it does not show `test` at all.
  package func started(before test: TestName, among tests: [TestName]) -> [TestName]? {
    guard let start = firstStarts[test.traceKey] else { return nil }
    return tests.filter { firstStarts[$0.traceKey].map { $0 < start } ?? false }
  }

  /// The argument cases of `test`, a parameterized test, that failed, in the order they began.
  package func failedCases(of test: TestName) -> [String] { failedCases[test.traceKey] ?? [] }

  /// What the sentinel saw each of `tests` leave behind (the first line of its report and the
  /// items), for those the trace shows running in a test scope: none for one that left nothing;
  /// no entry for a test the trace does not show (not a CleanSlate test).
  package func leftBehind(_ tests: [TestName]) -> [TestName: [String]] {
    var left: [TestName: [String]] = [:]
    for test in tests { if let reports = reports[test.traceKey] { left[test] = reports } }
    return left
  }

  /// The sentinel's reports about `tests`, in the order given.
  package func reports(about tests: [TestName]) -> [String] {
    var all: [String] = []
    for test in tests {
      for report in reports[test.traceKey] ?? [] where !all.contains(report) { all.append(report) }
    }
    return all
  }
}
