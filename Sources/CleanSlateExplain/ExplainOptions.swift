package import CleanSlate
import CleanSlateTestProcess

/// What `--explain` is given: how long the experiments on one test may take, and how the run
/// being explained ran its tests (the time limit of each, the arguments after `--`).
package struct ExplainOptions: Sendable, Equatable {
  /// How long the experiments on one test may take when no budget is given: a minute.
  package static let defaultBudget = Duration.seconds(60)

  /// How long the experiments on one test may take; a run is not started after it.
  package var budget: Duration
  /// How long the explained test may run in an experiment before it is ended (and fails, timed
  /// out): the run's limit; `nil` for none.
  package var timeLimit: Duration?
  /// The arguments given after `--`, for `swift test`.
  package var passthrough: [String]

  /// Options with `budget` for each test, the run's `timeLimit` and `passthrough`.
  package init(
    budget: Duration = defaultBudget, timeLimit: Duration? = nil, passthrough: [String] = []
  ) {
    self.budget = budget
    self.timeLimit = timeLimit
    self.passthrough = passthrough
  }

  /// Whether the run being explained ran the tests of `test`'s framework at the same time: Swift
  /// Testing's unless `--no-parallel` was given, XCTest's under `--parallel`.
  package func ranAtOnce(_ test: TestName) -> Bool {
    SwiftTestOptions(parsing: passthrough).runsAtOnce(test)
  }
}
