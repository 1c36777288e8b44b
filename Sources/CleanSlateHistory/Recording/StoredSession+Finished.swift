import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTestProcess
import CleanSlateTrace
import Foundation

extension StoredResult {
  /// The result of `record` in `session`, as the store keeps it: its verdict and counts, whether
  /// it was quarantined or checked as new, its cause as the summary JSON writes it, and its
  /// attempts when it ran more than once or failed.
  init(_ record: TestRecord, in session: FinishedSession) {
    var cause: (kind: String, json: String)?
    if let explained = session.causes[record.name] {
      var json = JSONText(capacity: 1024)
      explained.writeJSON(to: &json)
      cause = (explained.kindName, json.text)
    }
    let keeps = record.runs > 1 || record.failures > 0
    self.init(
      test: record.name.listed, verdict: record.verdict.rawValue, runs: record.runs,
      failures: record.failures, seconds: record.seconds,
      quarantined: session.quarantine.tests[record.name] != nil,
      checkedAsNew: session.newTests.contains(record.name), causeKind: cause?.kind,
      cause: cause?.json,
      attempts: keeps ? record.attempts.map { StoredAttempt($0, of: record.name) } : [],
      evidence: Self.evidence(of: (session.causes[record.name] as? TestCause)?.pooling))
  }

  /// This session's rounds, as `pooling` kept them: a row even when no round ran, which says
  /// where its sequence started and whose budget it is.
  private static func evidence(of pooling: TestCause.Pooling?) -> StoredEvidence? {
    guard let pooling else { return nil }
    return StoredEvidence(
      lead: pooling.lead.rawValue, rounds: ExperimentEvidence.packing(pooling.session),
      afresh: pooling.sessions == 1)
  }
}

extension StoredAttempt {
  /// `attempt` of `test`, as the store keeps it: the tests beside it only when it failed, its
  /// failure's first line, a crash's ending and pinned frame, where a hang hung.
  init(_ attempt: TestRecord.Attempt, of test: TestName) {
    let end = attempt.end
    var frame: String?
    if case .frame(let pinning)? = end.crash?.evidence { frame = pinning.briefText }
    let hung =
      end.outcome == .timedOut ? HangStack.whereItHung(end.report, test: test) : []
    self.init(
      repetition: attempt.repetition, outcome: end.outcome.rawValue, seconds: end.seconds,
      alone: attempt.alone, newTestCheck: attempt.check,
      beside: end.isFailure ? attempt.beside.map(\.listed) : [],
      failure: end.failure.map { String($0.prefix { $0 != "\n" }) },
      signal: end.crash?.ending, frame: frame,
      hungIn: hung.isEmpty ? nil : hung.joined(separator: " ← "))
  }
}
