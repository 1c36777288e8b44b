internal import CleanSlate
package import CleanSlateTestProcess

/// Runs some of a package's tests under a condition an experiment of `--explain` sets, and says
/// how one of them, the test being explained, ended.
///
/// ``SwiftExperimentRunner`` runs `swift test`; the tests of ``Explainer`` give it a runner that
/// simulates flaky tests of each kind, without building a package.
package protocol ExperimentRunner: Sendable {
  /// Runs `tests` (full names, as `swift test list` prints them, `victim` among them) under
  /// `condition`.
  func run(
    _ tests: [String], victim: String, in condition: ExperimentCondition
  ) async throws -> ExperimentRun

  /// Whether the run being explained ran the tests of `test`'s process at the same time: Swift
  /// Testing's unless `--no-parallel` was given, XCTest's under `--parallel`.
  func ranAtOnce(_ test: String) -> Bool

  /// Whether tests run at once beside `test` each run in a test process of their own, rather
  /// than in one process with it: XCTest's under `swift test --parallel`, not Swift Testing's.
  func runsAtOnceInProcessesOfTheirOwn(_ test: String) -> Bool
}

extension ExperimentRunner {
  /// As `swift test` runs them: XCTest's tests run at once only in processes of their own (its
  /// `--parallel`), Swift Testing's in one process.
  package func runsAtOnceInProcessesOfTheirOwn(_ test: String) -> Bool {
    !SwiftTestFilter.isSwiftTesting(test)
  }
}

/// What an experiment changes about a run: how the tests run, the seed, the time zone, the load,
/// the hashing.
package struct ExperimentCondition: Sendable, Hashable {
  /// Whether the tests run at the same time, as the explained run ran them, rather than one at a
  /// time in order.
  package var atOnce = false
  /// The run's seed for `.seededRandom` (`CLEANSLATE_SEED`); the machine's when `nil`.
  package var seed: UInt64?
  /// The time zone (`TZ`); the machine's when `nil`.
  package var timeZone: String?
  /// Whether threads of `cleanslate` hold every core busy while the tests run.
  package var busy = false
  /// Whether the sentinel watches what each test leaves behind (`CLEANSLATE_SENTINEL=1`).
  package var watchesState = false
  /// Whether `Set`s and `Dictionary`s hash the same in every process
  /// (`SWIFT_DETERMINISTIC_HASHING=1`), so that their elements come in the same order in every
  /// run, rather than seeded per process.
  package var deterministicHashing = false
  /// The one argument case of a parameterized test to run (`CLEANSLATE_TEST_CASE`, which the
  /// `.cleanSlate` trait reads): the test's name, then the case's arguments in parentheses, as
  /// `TestIdentity` describes them; every case when `nil`.
  package var testCase: String?

  /// The machine's conditions: one test at a time, its seed and time zone, no added load,
  /// hashing seeded per process, every argument case of a parameterized test.
  package init(
    atOnce: Bool = false, seed: UInt64? = nil, timeZone: String? = nil, busy: Bool = false,
    watchesState: Bool = false, deterministicHashing: Bool = false
  ) {
    self.atOnce = atOnce
    self.seed = seed
    self.timeZone = timeZone
    self.busy = busy
    self.watchesState = watchesState
    self.deterministicHashing = deterministicHashing
  }
}

/// How the explained test ended in one run, and what the run's trace says about it.
package struct ExperimentRun: Sendable {
  /// Whether it ran and passed.
  package var passed: Bool
  /// Its first failure, in one line, when it failed.
  package var failure: String?
  /// The command that makes the same run, as a user types it.
  package var command: SwiftTestInvocation?
  /// Whether it drew from `.seededRandom`.
  package var drewFromSeededRandom = false
  /// The run's seed in its process, when the trace names one.
  package var seed: String?
  /// The tests of the run that were running while it ran, as `swift test list` prints them.
  package var beside: [String] = []
  /// What the sentinel saw each watched test of the run leave behind, by name as `swift test
  /// list` prints it: none for a test it watched that left nothing; no entry for a test it did
  /// not watch (not a CleanSlate test).
  package var leftBehind: [String: [String]] = [:]
  /// The argument cases of the test, a parameterized one, that failed in the run, as Swift
  /// Testing prints their arguments, when the trace says.
  package var failedCases: [String] = []
  /// The crash of its test process, when it died before the test ended.
  package var crash: TestCrash?

  /// A run in which the test passed or not.
  package init(
    passed: Bool, failure: String? = nil, command: SwiftTestInvocation? = nil,
    drewFromSeededRandom: Bool = false, seed: String? = nil, beside: [String] = [],
    leftBehind: [String: [String]] = [:]
  ) {
    self.passed = passed
    self.failure = failure
    self.command = command
    self.drewFromSeededRandom = drewFromSeededRandom
    self.seed = seed
    self.beside = beside
    self.leftBehind = leftBehind
  }
}
