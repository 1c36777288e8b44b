internal import CleanSlate
internal import CleanSlateBisect
internal import CleanSlateReport
internal import CleanSlateTestProcess

/// What the lifecycle trace of one experiment's run says about its tests: whether the explained
/// test drew from `.seededRandom` and with which run seed, which tests ran while it ran, and what
/// the sentinel saw each test leave behind.
///
/// Tests are matched by what their listed name (`Module.Type/test`) and their name in a trace
/// have in common (``RunOrder/key(_:)``); a test that is not a CleanSlate test writes nothing.
struct RunTraceFacts {
  /// The trace's events.
  let log: TraceLog

  /// Whether `victim` set up `.seededRandom`.
  func drewFromSeededRandom(_ victim: String) -> Bool {
    let key = RunOrder.key(victim)
    return log.processes.contains { process in
      process.events.contains { timed in
        timed.event.phase == .setupBegin && timed.event.fixture == "seededRandom"
          && timed.event.testName.map(RunOrder.key) == key
      }
    }
  }

  /// The run seed of the process `victim` ran in.
  func seed(of victim: String) -> String? {
    let key = RunOrder.key(victim)
    return log.processes.first { process in
      process.events.contains { $0.event.scope == .test && RunOrder.key($0.event.scopeName) == key }
    }?.seed
  }

  /// The tests among `tests` whose test scope overlapped `victim`'s in time, in the order given.
  func beside(_ victim: String, among tests: [String]) -> [String] {
    let spans = testSpans()
    let own = spans.filter { $0.key == RunOrder.key(victim) }
    let overlapping = Set(
      spans.filter { span in
        span.key != RunOrder.key(victim)
          && own.contains { $0.start < span.end && span.start < $0.end }
      }.map(\.key))
    return tests.filter { overlapping.contains(RunOrder.key($0)) }
  }

  /// The argument cases of `victim`, a parameterized test, that failed, in the order they began.
  func failedCases(of victim: String) -> [String] {
    let key = RunOrder.key(victim)
    var cases: [String] = []
    for process in log.processes {
      var began: [Int: String] = [:]
      for timed in process.events
      where timed.event.scope == .test && RunOrder.key(timed.event.scopeName) == key {
        if timed.event.phase == .scopeBegin, let argumentCase = timed.event.argumentCase {
          began[timed.event.scopeID] = argumentCase
        } else if timed.event.phase == .scopeEnd, timed.event.outcome == .failed,
          let argumentCase = began[timed.event.scopeID], !cases.contains(argumentCase)
        {
          cases.append(argumentCase)
        }
      }
    }
    return cases
  }

  /// What the sentinel saw each of `tests` leave behind, for those the trace shows running.
  func leftBehind(_ tests: [String]) -> [String: [String]] {
    let ran = Set(testSpans().map(\.key))
    var left: [String: [String]] = [:]
    for test in tests where ran.contains(RunOrder.key(test)) {
      left[test] = LeftBehind.reports(about: [test], in: log)
    }
    return left
  }

  /// Each test scope: its test's key, and its start and end in microseconds since 1970.
  private func testSpans() -> [(key: String, start: Int64, end: Int64)] {
    var spans: [(key: String, start: Int64, end: Int64)] = []
    for process in log.processes {
      var begins: [Int: Int64] = [:]
      for timed in process.events where timed.event.scope == .test {
        switch timed.event.phase {
        case .scopeBegin: begins[timed.event.scopeID] = timed.timeMicros
        case .scopeEnd:
          guard let start = begins.removeValue(forKey: timed.event.scopeID) else { continue }
          spans.append((RunOrder.key(timed.event.scopeName), start, timed.timeMicros))
        default: continue
        }
      }
    }
    return spans
  }
}
