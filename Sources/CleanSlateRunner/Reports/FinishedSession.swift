package import CleanSlate
import CleanSlateTestProcess

/// A session when it has ended: every record and crash, the shard that ran, and the cause
/// `--explain` gave each test it explained — what the reports are written from.
package struct FinishedSession: Sendable {
  /// What the session found.
  package var result: SessionResult
  /// The split, when one shard ran.
  package var plan: ShardPlan?
  /// The shard that ran.
  package var shard: ShardSpec?
  /// The cause of each test `--explain` explained, as the events said it.
  package var causes: [TestName: any ReportedCause] = [:]
  /// The quarantine it ran under.
  package var quarantine = SessionQuarantine()
  /// The tests the store of runs had never seen pass, run again to check them before they merge.
  package var newTests: [TestName] = []
  /// The steps after the tests ran that stopped on an error, as the events said them.
  package var stopped: [StoppedStep] = []
  /// When its tests ran, as the events said it (the wall time in the reports).
  package var timeline = SessionTimeline()
  /// What `--until-failure` found, when it was given.
  package var untilFailure: UntilFailure?

  /// The session that found `result`, as `shard` of `plan` when sharded.
  package init(_ result: SessionResult, plan: ShardPlan? = nil, shard: ShardSpec? = nil) {
    self.result = result
    self.plan = plan
    self.shard = shard
  }

  /// The summary that ends the session (``SessionSummary``).
  package var summary: SessionSummary { SessionSummary(self) }

  /// Whether the session fails (`cleanslate test` exits with status 1): a test failed or timed
  /// out in some repetition, quarantined or not (a test that fails every attempt is broken); a
  /// test process crashed — even when the tests it could have been passed when they ran again,
  /// since a plain `swift test` would have lost every result after it —, unless every test it is
  /// held against is quarantined; a new test failed one of its checks, unless quarantined; an
  /// entry of the quarantine is past its date; or, with `failOnFlaky`, a test not in quarantine
  /// was flaky; or a framework reported a failure no test accounts for (``UnplacedFailure``),
  /// which no retry can answer; or a step after the tests ran stopped on an error
  /// (``StoppedStep``); or a signal stopped it (``SessionResult/interruption``).
  package func fails(failOnFlaky: Bool = false) -> Bool {
    let records = result.records
    if !result.unplaced.isEmpty || !stopped.isEmpty || result.interruption != nil { return true }
    let quarantined = { (test: TestName) in quarantine.tests[test] != nil }
    if records.contains(where: { $0.verdict == .failed || $0.verdict == .timedOut }) {
      return true
    }
    if result.crashes.contains(where: { $0.tests.isEmpty || !$0.tests.allSatisfy(quarantined) }) {
      return true
    }
    if records.contains(where: { !quarantined($0.name) && $0.failedItsCheck }) { return true }
    if !quarantine.expired.isEmpty { return true }
    return failOnFlaky && records.contains { $0.verdict == .flaky && !quarantined($0.name) }
  }
}

extension TestRecord {
  /// Whether it failed one of the runs that checked it as a new test.
  package var failedItsCheck: Bool { attempts.contains { $0.check && $0.end.isFailure } }
}

/// What a reporter has heard of a session: how it ended, with the causes explained since.
package struct HeardSession: Sendable {
  /// The session, once it ended, with each cause heard so far.
  package private(set) var session: FinishedSession?
  /// Whether ``SessionEvent/finished`` was heard.
  package private(set) var finished = false
  /// When the tests ran, as heard before the session ended.
  private var timeline = SessionTimeline()

  /// Nothing heard yet.
  package init() {}

  /// Takes in what `event` says of the session.
  package mutating func hear(_ event: SessionEvent) {
    switch event {
    case let .progress(test, _, at?): timeline.saw(test, at: at)
    case .sessionEnded(let ended):
      session = ended
      if session?.timeline.isEmpty == true { session?.timeline = timeline }
    case let .explained(test, cause): session?.causes[test] = cause
    case .stepStopped(let stopped): session?.stopped.append(stopped)
    case .finished: finished = true
    default: break
    }
  }
}
