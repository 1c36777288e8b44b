internal import CleanSlateBisect
internal import CleanSlateReport
internal import CleanSlateTestProcess

/// The human summary that ends a `cleanslate test` run: the count of each verdict, each flaky
/// test with its attempts, each failed test with its first failure, and the shards' balance.
package struct RunSummary: Sendable {
  /// Every test's record.
  package var records: [TestRecord]
  /// The split, when one shard ran.
  package var plan: ShardPlan?
  /// The shard that ran.
  package var shard: ShardSpec?

  /// The summary of `records`, of `shard` of `plan` when sharded.
  package init(_ records: [TestRecord], plan: ShardPlan? = nil, shard: ShardSpec? = nil) {
    self.records = records
    self.plan = plan
    self.shard = shard
  }

  /// Its lines, the counts last: `Flaky: …`, `Timed out: …`, `Failed: …`, a paragraph for each
  /// test `--explain` explained (``TestCause/paragraph(for:)``), `Shard 2/4: …`,
  /// `5 passed, 1 failed, 1 flaky, 1 skipped` (and `, 1 timed out` when one did).
  package var lines: [String] {
    var lines: [String] = []
    for record in records where record.outcome == .flaky {
      let attempts = record.attempts.map(\.result.outcome.rawValue).joined(separator: ", ")
      lines.append("Flaky: \(record.name) (\(record.runs) attempts: \(attempts))")
    }
    for record in records where record.outcome == .timedOut {
      let limit = record.attempts.last?.result.failure ?? "timed out"
      let times = record.runs == 1 ? "" : " (\(record.failures) of \(record.runs) runs failed)"
      lines.append("Timed out: \(record.name)\(times): \(limit); where it was stuck is above.")
    }
    for record in records
    where record.outcome == .failed || (record.outcome != .timedOut && record.failedARepetition) {
      let failure = record.attempts.last { $0.result.outcome.isFailure }?.result.failure
      let times = record.runs == 1 ? "" : " (\(record.failures) of \(record.runs) runs)"
      lines.append("Failed: \(record.name)\(times)\(failure.map { ": \($0)" } ?? "")")
    }
    for record in records {
      guard let cause = record.cause else { continue }
      lines += cause.paragraph(for: record.name)
    }
    if let plan, let shard { lines.append(balance(of: plan, shard: shard)) }
    var counts = [TestRecord.Outcome.passed, .failed, .flaky, .skipped].map { outcome in
      "\(records.count(where: { $0.outcome == outcome })) \(outcome.rawValue)"
    }
    let timedOut = records.count(where: { $0.outcome == .timedOut })
    if timedOut > 0 { counts.append("\(timedOut) timed out") }
    lines.append(counts.joined(separator: ", "))
    return lines
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
