package import CleanSlate
package import CleanSlateReport
package import CleanSlateTestProcess

/// What happens in a `cleanslate test` session, as it happens: the one stream every report is
/// fed from — the terminal as the session goes, JUnit, the JSON summary and the HTML report when
/// it ends.
package enum SessionEvent: Sendable {
  /// A note for the user: how the tests are built or started, a timings file left out.
  case note(String)
  /// A launch of some tests ended: its command, what it printed, where a hung test was stuck.
  case launched(Launch)
  /// Repetition `number` of `count` starts.
  case repetition(number: Int, of: Int)
  /// `test` ran again alone (`attempt` counts every run of it in this repetition).
  case retried(test: TestName, attempt: Int, outcome: TestEnd.Outcome)
  /// `--explain` starts on `tests` tests that failed, with `budget` for each.
  case explaining(tests: Int, budget: Duration)
  /// An experiment ran `test` once.
  case experimentRan(test: TestName, run: TestCause.Run)
  /// `--explain` decided why `test` failed.
  case explained(test: TestName, cause: TestCause)
}

/// A session when it has ended: every record and crash, and the shard that ran.
package struct FinishedSession: Sendable {
  /// What the session found.
  package var result: SessionResult
  /// The split, when one shard ran.
  package var plan: ShardPlan?
  /// The shard that ran.
  package var shard: ShardSpec?

  /// The session that found `result`, as `shard` of `plan` when sharded.
  package init(_ result: SessionResult, plan: ShardPlan? = nil, shard: ShardSpec? = nil) {
    self.result = result
    self.plan = plan
    self.shard = shard
  }

  /// The summary that ends the session (``RunSummary``).
  package var summary: RunSummary { RunSummary(result, plan: plan, shard: shard) }
}

/// One of a session's reports: it hears every event as it happens, and writes what it writes
/// once the session has ended.
package protocol SessionReporter: Sendable {
  /// Hears `event`.
  func receive(_ event: SessionEvent)
  /// Writes the report of `session`; throws ``RunnerError`` when it cannot.
  func finish(_ session: FinishedSession) throws
}

extension SessionReporter {
  package func receive(_ event: SessionEvent) {}
}

/// Where a session's events go: to each of its reporters, in order.
package struct SessionEvents: Sendable {
  /// The reporters.
  package var reporters: [any SessionReporter]

  /// Events for `reporters`; none by default.
  package init(_ reporters: [any SessionReporter] = []) {
    self.reporters = reporters
  }

  /// Sends `event` to every reporter.
  package func send(_ event: SessionEvent) {
    for reporter in reporters { reporter.receive(event) }
  }

  /// Has every reporter write its report of `session`.
  package func finish(_ session: FinishedSession) throws {
    for reporter in reporters { try reporter.finish(session) }
  }
}
