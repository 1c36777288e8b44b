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
  /// The signal that killed a test process, when one died (`swift test` crashed).
  package var signal: Int32?
  /// The test that was running when its process died, when the output says.
  package var diedIn: String?
  /// The exit status of `swift test`.
  package var status: Int32
  /// Whether a test passed its time limit (its result is `timedOut`) and was ended with its
  /// test process: the tests that process had not run yet have no result.
  package var endedAHungTest: Bool

  /// A batch that ended with `status`.
  package init(
    results: [String: TestResult], status: Int32 = 0, signal: Int32? = nil, diedIn: String? = nil,
    endedAHungTest: Bool = false
  ) {
    self.results = results
    self.status = status
    self.signal = signal
    self.diedIn = diedIn
    self.endedAHungTest = endedAHungTest
  }

  /// Adds what another `swift test` of the same batch said: its results, and its crash when
  /// this one had none.
  mutating func add(_ other: TestBatch) {
    results.merge(other.results) { $1 }
    status = max(status, other.status)
    endedAHungTest = endedAHungTest || other.endedAHungTest
    if signal == nil {
      signal = other.signal
      diedIn = other.diedIn
    }
  }

  /// Why a test of this batch has no result: its process died, or `swift test` ended first.
  var whyUnfinished: String {
    guard let signal else {
      return "it did not run to its end: swift test ended with status \(status) first"
    }
    return "crashed: its test process died of signal \(signal)\(Self.name(of: signal))"
  }

  private static func name(of signal: Int32) -> String {
    let names: [Int32: String] = [
      4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL",
      11: "SIGSEGV", 15: "SIGTERM",
    ]
    return names[signal].map { " (\($0))" } ?? ""
  }
}
