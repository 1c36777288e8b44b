import CleanSlate
package import CleanSlateTrace

extension LifecycleReport {
  /// How a test ended, as the run that wrote the trace decided it, for the test of `span` in the
  /// log's process `process`; `nil` where the trace says.
  package typealias Outcomes = @Sendable (_ process: Int, _ span: TestSpan) -> TestOutcome?

  /// Computes the report of every process in `log`; each test's outcome as `outcomes` gives it
  /// (the session's, for the report of a `cleanslate test` run), else as the trace says.
  package init(_ log: TraceLog, outcomes: Outcomes? = nil) {
    warnings = log.warnings
    for process in log.processes {
      for timed in process.events { summary.add(timed.event) }
      add(process, index: processes.count, outcomes: outcomes)
    }
  }

  private mutating func add(_ trace: TraceProcess, index: Int, outcomes: Outcomes?) {
    let base = min(trace.startMicros, trace.events.first?.startMicros ?? trace.startMicros)
    var last = base
    if !trace.events.isEmpty {
      last = trace.events[0].timeMicros
      for index in trace.events.indices { last = max(last, trace.events[index].timeMicros) }
    }
    var scopeNames: [Int: String] = [:]
    var testIndex: [Int: Int] = [:]  // scope ID → index in `tests`
    var testsByName: [String: [Int]] = [:]
    let firstTest = tests.count

    // The tests, from their spans.
    for span in trace.testSpans {
      testIndex[span.scopeID] = tests.count
      testsByName[span.name, default: []].append(tests.count)
      let traced: TestOutcome = span.end == nil ? .unfinished : TestOutcome(span.outcome)
      tests.append(
        Test(
          id: tests.count + 1, name: span.name, suite: span.suite, process: index,
          start: span.start - base, end: (span.end ?? last) - base,
          outcome: outcomes?(index, span) ?? traced))
    }

    // Their parts: setups, body, teardowns and issues, and shared setups done for them.
    for timed in trace.events {
      let event = timed.event
      if event.phase == .scopeBegin { scopeNames[event.scopeID] = event.scopeName }
      let owner =
        testIndex[event.scopeID]
        ?? event.testName.flatMap { name in
          testsByName[name]?.first {
            tests[$0].start <= timed.timeMicros - base && timed.timeMicros - base <= tests[$0].end
          }
        }
      let scopeName = scopeNames[event.scopeID] ?? event.scopeName
      switch event.phase {
      case .setupEnd, .bodyEnd, .teardownEnd:
        if event.outcome == .timedOut {
          problems.append(
            Problem(
              kind: .teardownTimeout, test: owner.map { tests[$0].id },
              subject: owner.map { tests[$0].name } ?? scopeName,
              message: event.message ?? "A teardown timed out.",
              location: event.location?.description))
        } else if event.outcome == .failed, owner == nil, event.phase != .bodyEnd {
          problems.append(
            Problem(
              kind: .failure, test: nil, subject: scopeName,
              message: event.message ?? "\(event.fixture ?? "A step") failed.",
              location: event.location?.description))
        }
        guard let owner else { continue }
        tests[owner].segments.append(segment(timed, base: base))
      case .issue:
        let issue = Issue(
          message: event.message ?? "", location: event.location?.description,
          code: event.issueCode, known: event.outcome == .knownIssue,
          time: timed.timeMicros - base)
        if let owner { tests[owner].issues.append(issue) }
        let kind: Problem.Kind? =
          switch event.issueCode {
          case "workOutlivedTest", "workStillRunning": .leftoverWork
          case "objectLeaked": .leak
          default: nil
          }
        if let kind {
          problems.append(
            Problem(
              kind: kind, test: owner.map { tests[$0].id },
              subject: owner.map { tests[$0].name } ?? scopeName, message: issue.message,
              location: issue.location))
        }
      case .waitEnd:
        guard let owner else { continue }
        tests[owner].segments.append(segment(timed, base: base))
      case .note:
        guard let owner else { continue }
        tests[owner].notes.append(
          Note(message: event.message ?? "", location: event.location?.description))
      default:
        continue
      }
    }

    for test in tests.indices.dropFirst(firstTest) where tests[test].outcome == .failed {
      if tests[test].segments.contains(where: { $0.outcome == .timedOut }) {
        tests[test].outcome = .timedOut
      }
      problems.append(
        Problem(
          kind: .failure, test: tests[test].id, subject: tests[test].name,
          message: firstFailure(of: tests[test]) ?? "The test failed.",
          location: tests[test].issues.first { !$0.known }?.location
            ?? tests[test].segments.first { $0.outcome != .passed && $0.kind != .body }?
            .location, notes: tests[test].notes.map(\.message)))
    }
    let lanes = assignLanes(tests.indices.dropFirst(firstTest))
    processes.append(
      Process(
        run: trace.run, pid: trace.pid, host: trace.host, command: trace.command,
        startMicros: base, seed: trace.seed, length: max(0, last - base), lanes: lanes))
  }

  private func segment(_ timed: TimedEvent, base: Int64) -> Segment {
    let event = timed.event
    let kind: Segment.Kind =
      switch event.phase {
      case .setupEnd, .setupBegin: .setup
      case .teardownEnd, .teardownBegin: .teardown
      case .waitEnd, .waitBegin: .wait
      default: .body
      }
    if kind == .wait {
      return Segment(
        kind: .wait,
        name: "\(event.fixture ?? "setup") waiting for \(event.message ?? "another test")",
        scope: event.scope, start: timed.startMicros - base, end: timed.timeMicros - base,
        outcome: event.outcome ?? .passed, location: nil, message: nil)
    }
    return Segment(
      kind: kind, name: event.fixture ?? (kind == .body ? "body" : "teardown"),
      scope: event.scope, start: timed.startMicros - base, end: timed.timeMicros - base,
      outcome: event.outcome ?? .passed, location: event.location?.description,
      message: event.message)
  }

  /// The first failure message of a failed test: an issue, else a failed setup or teardown.
  private func firstFailure(of test: Test) -> String? {
    test.issues.first { !$0.known }?.message
      ?? test.segments.first { $0.outcome == .failed || $0.outcome == .timedOut }?.message
  }

  /// Puts each test on the first lane of its process that is free when it starts; returns how
  /// many lanes the process needs.
  private mutating func assignLanes(_ indices: Range<Int>) -> Int {
    var laneEnds: [Int64] = []
    for test in indices.sorted(by: { (tests[$0].start, $0) < (tests[$1].start, $1) }) {
      if let free = laneEnds.firstIndex(where: { $0 <= tests[test].start }) {
        tests[test].lane = free
        laneEnds[free] = tests[test].end
      } else {
        tests[test].lane = laneEnds.count
        laneEnds.append(tests[test].end)
      }
    }
    return max(1, laneEnds.count)
  }
}

extension LifecycleReport.TestOutcome {
  init(_ outcome: LifecycleEvent.Outcome?) {
    switch outcome {
    case .passed?, nil: self = .passed
    case .failed?: self = .failed
    case .timedOut?: self = .timedOut
    case .skipped?: self = .skipped
    case .knownIssue?: self = .knownIssue
    }
  }
}
