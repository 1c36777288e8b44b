package import CleanSlate
package import CleanSlateTestProcess
import CleanSlateTrace

/// The human summary that ends a `cleanslate test` session: the count of each verdict, each flaky
/// test with its attempts, each failed test with its first failure, each crash of a test
/// process, each test's cause, and the shards' balance.
package struct SessionSummary: Sendable {
  /// Every test's record.
  package var records: [TestRecord]
  /// Every crash of a test process.
  package var crashes: [SessionCrash]
  /// The split, when one shard ran.
  package var plan: ShardPlan?
  /// The shard that ran.
  package var shard: ShardSpec?
  /// The cause of each test `--explain` explained.
  package var causes: [TestName: any ReportedCause]
  /// The quarantine the session ran under.
  package var quarantine: SessionQuarantine
  /// The tests checked as new.
  package var newTests: [TestName]
  /// The failures no test accounts for (``UnplacedFailure``).
  package var unplaced: [UnplacedFailure]
  /// The steps after the tests ran that stopped on an error (``StoppedStep``).
  package var stopped: [StoppedStep]
  /// What `--until-failure` found, when it was given.
  package var untilFailure: UntilFailure?
  /// The signal that stopped the session, when one did (``SessionInterruption``).
  package var interruption: SessionInterruption?

  /// The summary of `records` and `crashes`, of `shard` of `plan` when sharded, with `causes`,
  /// under `quarantine`, with `newTests` checked.
  package init(
    _ records: [TestRecord], crashes: [SessionCrash] = [], plan: ShardPlan? = nil,
    shard: ShardSpec? = nil, causes: [TestName: any ReportedCause] = [:],
    quarantine: SessionQuarantine = SessionQuarantine(), newTests: [TestName] = [],
    unplaced: [UnplacedFailure] = [], stopped: [StoppedStep] = []
  ) {
    self.records = records
    self.crashes = crashes
    self.plan = plan
    self.shard = shard
    self.causes = causes
    self.quarantine = quarantine
    self.newTests = newTests
    self.unplaced = unplaced
    self.stopped = stopped
  }

  /// The summary of `result`, of `shard` of `plan` when sharded.
  package init(_ result: SessionResult, plan: ShardPlan? = nil, shard: ShardSpec? = nil) {
    self.init(
      result.records, crashes: result.crashes, plan: plan, shard: shard,
      unplaced: result.unplaced)
  }

  /// The summary of `session`.
  package init(_ session: FinishedSession) {
    self.init(
      session.result.records, crashes: session.result.crashes, plan: session.plan,
      shard: session.shard, causes: session.causes, quarantine: session.quarantine,
      newTests: session.newTests, unplaced: session.result.unplaced, stopped: session.stopped)
    untilFailure = session.untilFailure
    interruption = session.result.interruption
  }

  /// Its lines, the counts last: `Flaky: …`, `Timed out: …`, `Failed: …`, `Crashed: …`
  /// (``SessionCrash/line``), a paragraph for each test `--explain` explained
  /// (``ReportedCause/paragraph(for:)``), `Shard 2/4: …`, `5 passed, 1 failed, 1 flaky, 1 skipped`
  /// (and `, 1 timed out` when one did, `, 1 test process crashed` when one did, `, 1 not
  /// explained` when `--explain` could not decide a test's cause, `, 1 failure no test accounts
  /// for` after a line `Unplaced failure: …` for each (``UnplacedFailure``), `, 1 step stopped`
  /// after a line `Stopped: …` for each (``StoppedStep``), `, 2 interrupted, 3 not run` after a
  /// line `Interrupted: …` when a signal stopped the session (``SessionInterruption``)); with
  /// `--until-failure`, its lines before the counts (``UntilFailure/lines``).
  ///
  /// Each test is on one line at most, its verdict's; with `--repeat`, the repetitions it failed
  /// in are counted there: `Failed: T (6 of 10 repetitions failed, 4 passed): …`.
  package var lines: [String] {
    var lines: [String] = []
    for record in records where record.verdict == .flaky && quarantine.tests[record.name] == nil {
      lines.append("Flaky: \(record.name) (\(Self.attempts(of: record)))")
    }
    lines += quarantineLines + newTestLines
    for record in records where record.verdict == .timedOut {
      let limit = record.attempts.last { $0.end.outcome == .timedOut }?.end.failure
      lines.append(
        "Timed out: \(record.name)\(times(record, failed: "failed")): \(limit ?? "timed out"); where it was stuck is above."
      )
    }
    for record in records where record.verdict == .failed {
      let failure = record.attempts.last { $0.end.isFailure }?.end.failure
      lines.append(
        "Failed: \(record.name)\(times(record, failed: nil))\(failure.map { ": \($0)" } ?? "")")
    }
    lines += crashes.map(\.line)
    lines += unplacedLines
    lines += stopped.map(\.line)
    if let interruption { lines.append(interruption.line) }
    for record in records {
      guard let cause = causes[record.name] else { continue }
      lines += cause.paragraph(for: record.name.listed)
    }
    if let plan, let shard { lines.append(balance(of: plan, shard: shard)) }
    lines += untilFailure?.lines ?? []
    var counts = [Verdict.passed, .failed, .flaky, .skipped].map { verdict in
      "\(records.count(where: { $0.verdict == verdict })) \(verdict.rawValue)"
    }
    let timedOut = records.count(where: { $0.verdict == .timedOut })
    if timedOut > 0 { counts.append("\(timedOut) timed out") }
    if !crashes.isEmpty {
      counts.append("\(crashes.count) test process\(crashes.count == 1 ? "" : "es") crashed")
    }
    // (a test that passed here and whose pending explanation went on, undecided, failed nothing)
    let unexplained = records.count {
      $0.failures > 0 && (causes[$0.name].map { !$0.decided } ?? false)
    }
    if unexplained > 0 { counts.append("\(unexplained) not explained") }
    if !unplaced.isEmpty {
      counts.append(
        "\(unplaced.count) failure\(unplaced.count == 1 ? "" : "s") no test accounts for")
    }
    if !stopped.isEmpty {
      counts.append("\(stopped.count) step\(stopped.count == 1 ? "" : "s") stopped")
    }
    if let interruption {
      counts.append("\(interruption.running.count) interrupted")
      if !interruption.notRun.isEmpty { counts.append("\(interruption.notRun.count) not run") }
    }
    let quarantined = records.count { quarantine.tests[$0.name] != nil }
    if quarantined > 0 { counts.append("\(quarantined) in quarantine") }
    lines.append(counts.joined(separator: ", "))
    return lines
  }

  /// A line for each failure no test accounts for, those seen alike said once with how often:
  /// `Unplaced failure: the Swift Testing process FormsTests.xctest exited with status 1, and none
  /// of its 9 tests failed: ✘ Test run with 9 tests … (2 times, in repetitions 1 and 2); it fails
  /// the run.`
  private var unplacedLines: [String] {
    var order: [String] = []
    var seen: [String: [Int]] = [:]
    for failure in unplaced {
      if seen[failure.words] == nil { order.append(failure.words) }
      seen[failure.words, default: []].append(failure.repetition)
    }
    return order.map { words in
      let repetitions = seen[words] ?? []
      let times = repetitions.count == 1 ? "" : "\(repetitions.count) times"
      let distinct = Array(Set(repetitions)).sorted()
      let which =
        distinct.count > 1 || distinct.first != 1
        ? "in repetition\(distinct.count == 1 ? "" : "s") \(distinct.map(String.init).joined(separator: ", "))"
        : ""
      let note = [times, which].filter { !$0.isEmpty }.joined(separator: ", ")
      return "Unplaced failure: \(words)\(note.isEmpty ? "" : " (\(note))"); it fails the run."
    }
  }

  /// A line for each quarantined test that failed an attempt — `Quarantined: T, failed 1 of 3
  /// attempts, flaky since 2026-11-02, cause parallel (until 2026-12-31: hash order, #212)`, or,
  /// for one that failed every attempt of a repetition, that it is broken and fails the run —
  /// then a line for each entry past its date.
  private var quarantineLines: [String] {
    var lines: [String] = []
    for record in records where record.failures > 0 {
      guard let note = quarantine.tests[record.name] else { continue }
      let cause = causes[record.name]?.kindName ?? note.cause ?? "not explained yet"
      let entry = "until \(note.until): \(note.reason)"
      if record.verdict == .failed || record.verdict == .timedOut {
        lines.append(
          "Quarantined: \(record.name) failed every attempt (\(record.failures) of \(record.runs)): it is broken, not flaky, and fails the run (\(entry))."
        )
      } else {
        lines.append(
          "Quarantined: \(record.name), failed \(record.failures) of \(record.runs) attempts, flaky since \(note.flakySince), cause \(cause) (\(entry))."
        )
      }
    }
    return lines + quarantine.expired
  }

  /// A line for each new test that failed a run of its check (it fails the run unless
  /// quarantined), and one for those that passed every run.
  private var newTestLines: [String] {
    guard !newTests.isEmpty else { return [] }
    let checked = records.filter { newTests.contains($0.name) }
    var lines: [String] = []
    for record in checked where record.failedItsCheck {
      let checks = record.attempts.filter(\.check)
      lines.append(
        "New test flaky: \(record.name) failed \(record.failures) of \(record.runs) runs before it merged (\(checks.count(where: \.end.isFailure)) of the \(checks.count) that checked it)\(quarantine.tests[record.name] == nil ? ": it fails the run" : ""). Fix it before it merges: --explain tells why."
      )
    }
    let passed = checked.filter { !$0.failedItsCheck && $0.failures == 0 }
    if !passed.isEmpty {
      let runs = passed.map { $0.attempts.count(where: \.check) }
      let range = runs.min() == runs.max() ? "\(runs[0])" : "\(runs.min()!) to \(runs.max()!)"
      lines.append(
        "New test\(passed.count == 1 ? "" : "s") checked: \(passed.count) test\(passed.count == 1 ? "" : "s") the store of runs had never seen pass ran again \(range) time\(range == "1" ? "" : "s") each, and passed."
      )
    }
    return lines
  }

  /// How often `record` failed: ` (6 of 10 repetitions failed, 4 passed)` when it ran in several
  /// repetitions, ` (2 of 2 runs)` (` (2 of 2 runs failed)` with `word`) when it ran more than
  /// once in one, else nothing.
  private func times(_ record: TestRecord, failed word: String?) -> String {
    let verdicts = record.repetitionVerdicts
    guard verdicts.count > 1 else {
      guard record.runs > 1 else { return "" }
      return " (\(record.failures) of \(record.runs) runs\(word.map { " \($0)" } ?? ""))"
    }
    let words: [(Verdict, String)] = [
      (.failed, "failed"), (.timedOut, "timed out"), (.flaky, "flaky"), (.passed, "passed"),
      (.skipped, "skipped"),
    ]
    let counts = words.compactMap { outcome, word -> (count: Int, word: String)? in
      let count = verdicts.count { $0 == outcome }
      return count == 0 ? nil : (count, word)
    }
    let parts = counts.enumerated().map { index, part in
      index == 0
        ? "\(part.count) of \(verdicts.count) repetitions \(part.word)"
        : "\(part.count) \(part.word)"
    }
    return " (\(parts.joined(separator: ", ")))"
  }

  /// A flaky test's attempts: `2 attempts: failed, passed` when it ran a few times, else
  /// `failed 6 of 86 attempts`, with how many crashed or timed out.
  static func attempts(of record: TestRecord) -> String {
    guard record.runs > 5 else {
      let words = record.attempts.map(\.end.outcome.rawValue).joined(separator: ", ")
      return "\(record.runs) attempts: \(words)"
    }
    var text = "failed \(record.failures) of \(record.runs) attempts"
    let crashed = record.crashes
    let timedOut = record.attempts.count { $0.end.outcome == .timedOut }
    let how = [(crashed, "crashed"), (timedOut, "timed out")].filter { $0.0 > 0 }
    if !how.isEmpty { text += " (" + how.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ")" }
    return text
  }

  private func balance(of plan: ShardPlan, shard: ShardSpec) -> String {
    let own = plan.shards[shard.index - 1]
    let tests = "\(own.tests.count) test\(own.tests.count == 1 ? "" : "s")"
    switch plan.basis {
    case .count:
      return
        "Shard \(shard): \(tests) of \(plan.shards.map(\.tests.count).reduce(0, +)), split by count (no timings)."
    case let .timings(known, median):
      let longest = plan.shards.map(\.load).max() ?? 0
      let mean = Double(plan.shards.map(\.load).reduce(0, +)) / Double(plan.shards.count)
      return
        "Shard \(shard): \(tests), \(Hundredths.seconds(micros: Double(own.load))) expected; longest shard \(Hundredths.seconds(micros: Double(longest))) against a mean of \(Hundredths.seconds(micros: mean)) (\(Hundredths.text(plan.imbalance))); \(known) tests timed, the others counted as the median, \(Hundredths.seconds(micros: Double(median)))."
    }
  }
}
