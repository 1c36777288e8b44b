package import CleanSlate

/// One test scope of a process's trace — a test, or one argument case of a parameterized test —
/// from its beginning to its end.
///
/// Every reader of a trace that needs a test's time reads it here (``TraceProcess/testSpans``):
/// the facts a launch's trace gives (which tests ran at once, which cases failed), the timings
/// of `--timings`, and the report's timeline.
package struct TestSpan: Sendable, Equatable {
  /// Its scope's identifier in its process.
  package var scopeID: Int
  /// The test's name, as the trace gives it: `Type.test`, `Suite/test()`.
  package var name: String
  /// The suite scope it ran in, when it ran in one.
  package var suite: String?
  /// For one argument case of a parameterized test, the case: `count → 4`.
  package var argumentCase: String?
  /// When it began, in microseconds since 1970.
  package var start: Int64
  /// When it ended, in microseconds since 1970; `nil` when its process ended first.
  package var end: Int64?
  /// How it ended, as its scope's end says (`nil` there for a test that passed); `nil` when it
  /// did not end.
  package var outcome: LifecycleEvent.Outcome?

  /// A span of the test `name` that began at `start`.
  package init(
    scopeID: Int, name: String, suite: String? = nil, argumentCase: String? = nil, start: Int64,
    end: Int64? = nil, outcome: LifecycleEvent.Outcome? = nil
  ) {
    self.scopeID = scopeID
    self.name = name
    self.suite = suite
    self.argumentCase = argumentCase
    self.start = start
    self.end = end
    self.outcome = outcome
  }
}

extension TraceProcess {
  /// Its test scopes, in the order they began: the one place a trace becomes tests' spans.
  package var testSpans: [TestSpan] {
    var scopes: [Int: (kind: FixtureScope, name: String)] = [:]
    var open: [Int: Int] = [:]  // a test scope's ID → its span's index
    var spans: [TestSpan] = []
    for timed in events {
      let event = timed.event
      switch event.phase {
      case .scopeBegin:
        scopes[event.scopeID] = (event.scope, event.scopeName)
        guard event.scope == .test else { continue }
        let parent = event.parentScopeID.flatMap { scopes[$0] }
        open[event.scopeID] = spans.count
        spans.append(
          TestSpan(
            scopeID: event.scopeID, name: event.scopeName,
            suite: parent?.kind == .suite ? parent?.name : nil,
            argumentCase: event.argumentCase, start: timed.timeMicros))
      case .scopeEnd:
        guard event.scope == .test, let index = open.removeValue(forKey: event.scopeID) else {
          continue
        }
        spans[index].end = timed.timeMicros
        spans[index].outcome = event.outcome
      default: continue
      }
    }
    return spans
  }
}
