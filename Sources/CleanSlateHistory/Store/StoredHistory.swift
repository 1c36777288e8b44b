package import Foundation

/// The sessions of a window and each test's result in them, as compact as a million results
/// need: tests and sessions by index, verdicts as codes.
package struct StoredHistory: Sendable {
  /// One session, as the ranking reads it.
  package struct Session: Sendable, Equatable {
    package var id: String
    package var started: Date
    package var source: SourceVersion
    package var machine: String
    package var shard: String?
    /// How many tests it ran, and how many of them failed at least one run.
    package var testCount: Int
    package var failedCount: Int

    package init(
      id: String, started: Date, source: SourceVersion, machine: String, shard: String? = nil,
      testCount: Int, failedCount: Int
    ) {
      self.id = id
      self.started = started
      self.source = source
      self.machine = machine
      self.shard = shard
      self.testCount = testCount
      self.failedCount = failedCount
    }
  }

  /// One test's result in one session.
  package struct Result: Sendable, Equatable {
    /// The session, by its index in ``StoredHistory/sessions``.
    package var session: Int32
    /// The test, by its index in ``StoredHistory/tests``.
    package var test: Int32
    package var verdict: StoredVerdict
    package var runs: Int32
    package var failures: Int32
    package var quarantined: Bool

    package init(
      session: Int32, test: Int32, verdict: StoredVerdict, runs: Int32, failures: Int32,
      quarantined: Bool = false
    ) {
      self.session = session
      self.test = test
      self.verdict = verdict
      self.runs = runs
      self.failures = failures
      self.quarantined = quarantined
    }
  }

  /// A cause `--explain` decided, as the store kept it.
  package struct Cause: Sendable, Equatable {
    /// Its kind: `order`, `parallel`, `unknown`, …
    package var kind: String
    /// The cause as JSON, as the summary JSON writes it.
    package var json: String
    /// The session it was explained in, by index.
    package var session: Int32

    package init(kind: String, json: String, session: Int32) {
      self.kind = kind
      self.json = json
      self.session = session
    }
  }

  /// The sessions, oldest first.
  package var sessions: [Session] = []
  /// The tests' names.
  package var tests: [String] = []
  /// Each test's result in each session, in no particular order.
  package var results: [Result] = []
  /// Each test's latest explained cause, by test index.
  package var latestCauses: [Int32: Cause] = [:]

  package init(
    sessions: [Session] = [], tests: [String] = [], results: [Result] = [],
    latestCauses: [Int32: Cause] = [:]
  ) {
    self.sessions = sessions
    self.tests = tests
    self.results = results
    self.latestCauses = latestCauses
  }
}

/// A test's verdict over one session, as a code: the store keeps the word.
package enum StoredVerdict: UInt8, Sendable, Equatable, CaseIterable {
  case passed
  case failed
  case flaky
  case skipped
  case timedOut

  /// The word the store keeps: `passed`, `timedOut`.
  package var word: String {
    switch self {
    case .passed: "passed"
    case .failed: "failed"
    case .flaky: "flaky"
    case .skipped: "skipped"
    case .timedOut: "timedOut"
    }
  }

  /// The verdict the store's `word` stands for; `nil` for an unknown word.
  package init?(word: String) {
    guard let verdict = Self.allCases.first(where: { $0.word == word }) else { return nil }
    self = verdict
  }

  /// Whether it ended failing: failed in every attempt of a repetition, or timed out.
  package var isFailure: Bool { self == .failed || self == .timedOut }
}
