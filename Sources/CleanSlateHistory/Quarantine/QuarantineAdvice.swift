import Foundation

/// What the store suggests for a quarantine file: entries to add for flaky tests not in it, and
/// entries to remove once a test's rate has dropped — decided by the same 1 % rule the
/// explanations keep, never by a fixed count of passes.
///
/// An entry is suggested for removal when the runs since it was added are too good for the rate
/// the test failed at before: at the low end of that rate's interval, so few failures (or none)
/// in so many runs has a chance under 1 %. A test whose rate did not drop is suggested in at most
/// 1 % of such checks. An entry whose test did not run in the window is suggested for removal as
/// naming no test.
package struct QuarantineAdvice: Sendable, Equatable {
  /// An entry to add: a flaky test, why, and until when.
  package struct Addition: Sendable, Equatable {
    package var test: String
    package var reason: String
    package var until: QuarantineDate

    package init(test: String, reason: String, until: QuarantineDate) {
      self.test = test
      self.reason = reason
      self.until = until
    }
  }

  /// An entry to remove, and why.
  package struct Removal: Sendable, Equatable {
    package var test: String
    package var why: String

    package init(test: String, why: String) {
      self.test = test
      self.why = why
    }
  }

  package var additions: [Addition] = []
  package var removals: [Removal] = []
  /// The entries past their date.
  package var expired: [QuarantineEntry] = []

  /// The chance of suggesting a test whose rate did not drop.
  package static let errorRate = 0.01
  /// How long a suggested entry lasts.
  package static let suggestedDays = 30

  /// The advice for `file`, from `ranked` (``FlakyRanking``) over `history`, on `today`.
  package init(
    file: QuarantineFile, ranked: [TestHistory], history: StoredHistory, today: QuarantineDate
  ) {
    let entries = Dictionary(file.entries.map { ($0.test, $0) }, uniquingKeysWith: { $1 })
    for test in ranked where test.health == .flaky && entries[test.name] == nil {
      let cause = test.cause.map { "\($0.kind); " } ?? ""
      additions.append(
        Addition(
          test: test.name,
          reason:
            "\(cause)flaky, fails \(FailureRate.percent(test.rate.value)) of runs over \(test.sessions) sessions",
          until: today.adding(days: Self.suggestedDays)))
    }
    expired = file.entries.filter { $0.expired(on: today) }
    let index = Dictionary(
      history.tests.enumerated().map { ($1, Int32($0)) }, uniquingKeysWith: { first, _ in first })
    for entry in file.entries {
      guard let test = index[entry.test] else {
        removals.append(
          Removal(test: entry.test, why: "the store saw no run of it in the window"))
        continue
      }
      let added = entry.added.start
      var before = FailureRate(failures: 0, runs: 0)
      var since = FailureRate(failures: 0, runs: 0)
      for result in history.results where result.test == test && result.verdict != .skipped {
        if history.sessions[Int(result.session)].started < added {
          before.failures += Int(result.failures)
          before.runs += Int(result.runs)
        } else {
          since.failures += Int(result.failures)
          since.runs += Int(result.runs)
        }
      }
      if let why = Self.dropped(before: before, since: since, added: entry.added) {
        removals.append(Removal(test: entry.test, why: why))
      }
    }
  }

  /// Why the runs `since` show a rate lower than `before`'s, when they do at the 1 % rule; else
  /// `nil`.
  package static func dropped(
    before: FailureRate, since: FailureRate, added: QuarantineDate
  ) -> String? {
    let low = before.interval.lowerBound
    guard before.failures > 0, low > 0, since.runs > 0 else { return nil }
    let chance = atMost(since.failures, of: since.runs, at: low)
    guard chance < errorRate else { return nil }
    return
      "it failed \(since.failures) of \(since.runs) runs since \(added), where it failed \(before) before: at \(FailureRate.percent(low)) a run, so few failures would come with a chance under 1 %"
  }

  /// The chance of `count` or fewer failures in `runs` at `rate`.
  static func atMost(_ count: Int, of runs: Int, at rate: Double) -> Double {
    var term = exp(Double(runs) * log1p(-rate))
    var total = term
    let odds = rate / max(1 - rate, 1e-12)
    for k in 0..<min(count, runs) {
      term *= Double(runs - k) / Double(k + 1) * odds
      total += term
    }
    return min(1, total)
  }
}
