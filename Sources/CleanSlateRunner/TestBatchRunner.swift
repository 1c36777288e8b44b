package import CleanSlateTestProcess

/// Runs some of a package's tests in one `swift test` and says how each ended.
///
/// ``SwiftTestBatchRunner`` runs `swift test`; the tests of ``TestSession`` give it a runner that
/// simulates a suite (flaky, failing and crashing tests) without building one.
package protocol TestBatchRunner: Sendable {
  /// Runs `tests` (full names, as `swift test list` prints them) in one `swift test`.
  func run(_ tests: [String]) async throws -> TestBatch
}

/// What one `swift test` said about the tests it was given.
package struct TestBatch: Sendable, Equatable {
  /// The result of each test that ended.
  package var results: [String: TestResult]
  /// Each test process of the batch that crashed: that died of a signal, or exited before its
  /// tests ended, with the tests running in it and the runtime's report (``TestCrash``). A
  /// process the runner ended itself, at a test's time limit, is not among them
  /// (``endedAHungTest``).
  package var crashes: [TestCrash]
  /// The exit status of `swift test`.
  package var status: Int32
  /// Whether a test passed its time limit (its result is `timedOut`) and was ended with its
  /// test process: the tests that process had not run yet have no result.
  package var endedAHungTest: Bool

  /// A batch that ended with `status`.
  package init(
    results: [String: TestResult], status: Int32 = 0, crashes: [TestCrash] = [],
    endedAHungTest: Bool = false
  ) {
    self.results = results
    self.status = status
    self.crashes = crashes
    self.endedAHungTest = endedAHungTest
  }

  /// Adds what another `swift test` of the same batch said: its results and its crashes.
  package mutating func add(_ other: TestBatch) {
    results.merge(other.results) { $1 }
    status = max(status, other.status)
    endedAHungTest = endedAHungTest || other.endedAHungTest
    crashes += other.crashes
  }

  /// Why a test of this batch has no result when no crash says: `swift test` ended first.
  var whyUnfinished: String {
    "it did not run to its end: swift test ended with status \(status) first"
  }
}
