import ArgumentParser
import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess

extension TestCommand {
  /// Throws `ValidationError` when `--until-failure` is not a number of repetitions, or is given
  /// with `--repeat`.
  func validateUntilFailure() throws {
    guard let limit = session.untilFailure else { return }
    guard limit >= 1 else { throw ValidationError("--until-failure must be 1 or more.") }
    guard session.repetitions == 1 else {
      throw ValidationError(
        "--until-failure and --repeat both say how many times the selection runs: give one of them."
      )
    }
  }

  /// How many times the selection runs: `--until-failure`'s most, else `--repeat`.
  var repetitionLimit: Int { session.untilFailure ?? session.repetitions }

  /// What `--until-failure` found in `result`, a session of `selected` tests under
  /// `quarantined`; `nil` when it was not given.
  func untilFailure(
    _ result: SessionResult, selected: Int, quarantined: Set<TestName>
  ) -> UntilFailure? {
    guard let limit = session.untilFailure else { return nil }
    return UntilFailure(
      result, limit: limit, selected: selected, quarantined: quarantined,
      reproduce: { tests, seed in reproduceLine(tests, seed: seed, limit: limit) })
  }

  /// The command that runs `tests` again, alone, with `seed` when one is known, until they fail
  /// (at most `limit` times), as the session ran them: `CLEANSLATE_SEED=42 cleanslate test
  /// --package-path Tests/Fixture --filter '^(A\.B/testC)$' --until-failure 80`, with the
  /// session's `--retries`, `--test-timeout` and the arguments after `--`.
  func reproduceLine(_ tests: [TestName], seed: String?, limit: Int) -> String {
    var words = ["cleanslate", "test"]
    if selection.packagePath != "." { words += ["--package-path", selection.packagePath] }
    words += ["--filter", TestName.filter(matching: tests), "--until-failure", "\(limit)"]
    if session.retries > 0 { words += ["--retries", "\(session.retries)"] }
    if let timeout = session.testTimeout { words += ["--test-timeout", timeout] }
    if !swiftTestArguments.isEmpty { words += ["--"] + swiftTestArguments }
    let variables = seed.map { ["CLEANSLATE_SEED=\($0)"] } ?? []
    return (variables + words.map(SwiftTestInvocation.quoted)).joined(separator: " ")
  }
}
