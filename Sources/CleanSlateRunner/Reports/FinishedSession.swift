package import CleanSlate

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

  /// The session that found `result`, as `shard` of `plan` when sharded.
  package init(_ result: SessionResult, plan: ShardPlan? = nil, shard: ShardSpec? = nil) {
    self.result = result
    self.plan = plan
    self.shard = shard
  }

  /// The summary that ends the session (``SessionSummary``).
  package var summary: SessionSummary { SessionSummary(self) }
}

/// What a reporter has heard of a session: how it ended, with the causes explained since.
package struct HeardSession: Sendable {
  /// The session, once it ended, with each cause heard so far.
  package private(set) var session: FinishedSession?
  /// Whether ``SessionEvent/finished`` was heard.
  package private(set) var finished = false

  /// Nothing heard yet.
  package init() {}

  /// Takes in what `event` says of the session.
  package mutating func hear(_ event: SessionEvent) {
    switch event {
    case .sessionEnded(let ended): session = ended
    case let .explained(test, cause): session?.causes[test] = cause
    case .finished: finished = true
    default: break
    }
  }
}
