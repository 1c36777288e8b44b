package import CleanSlate
package import CleanSlateTestProcess

/// Runs some of a package's tests under a condition an experiment of `--explain` sets, and says
/// how they ended (``Launch``), on a clock the budget is counted on.
///
/// ``SwiftExperimentRunner`` launches a package's built tests; the tests of ``Explainer`` give it
/// a runner that simulates flaky tests of each kind, on a simulated clock, without building a
/// package.
package protocol ExperimentRunner: Sendable {
  /// A command a user types: `swift test …`.
  typealias Invocation = SwiftTestInvocation

  /// Runs the tests `condition` arranges with `test` (full names, as `swift test list` prints
  /// them), as `condition` says; the one argument case `testCase` (`Module.Suite/test(x:) (x →
  /// 4)`) of a parameterized test when given.
  func run(_ condition: RunCondition, of test: TestName, testCase: String?) async throws -> Launch

  /// The command a user types for a run of `condition`, as ``run(_:of:testCase:)`` would run it.
  func command(of condition: RunCondition, test: TestName, testCase: String?) -> Invocation

  /// The time the budget is counted in: since some fixed moment.
  var now: Duration { get }
}

extension ExperimentRunner {
  /// The wall clock's time.
  package var now: Duration { ContinuousClock.now - ExperimentClock.start }
}

/// The fixed moment the wall clock of experiments counts from.
package enum ExperimentClock {
  /// When the process first asked.
  package static let start = ContinuousClock.now
}
