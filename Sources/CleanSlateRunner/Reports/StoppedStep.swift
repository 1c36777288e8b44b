/// A step of a session that stopped on an error after its tests ran — the check of new tests,
/// `--explain`, `--explain-pending` — when the tests' results were already known.
///
/// It loses nothing of the session: the summary, the JSON, JUnit, the HTML and the store of runs
/// are written with every result the tests gave, the stop is in each of them, and it fails the run
/// (a step that did not do what was asked of it is not a green run).
package struct StoppedStep: Sendable, Equatable {
  /// The step, as the summary names it: `the check of new tests`.
  package var step: String
  /// What stopped it, in a sentence.
  package var error: String

  package init(_ step: String, error: String) {
    self.step = step
    self.error = error.hasSuffix(".") ? error : error + "."
  }

  /// `step` stopped on `error`.
  package init(_ step: String, error: any Error) {
    self.init(step, error: "\(error)")
  }

  /// Its line in the summary: `Stopped: the check of new tests: … Every test's result is kept;
  /// it fails the run.`
  package var line: String {
    "Stopped: \(step): \(error) Every test's result is kept; it fails the run."
  }
}
