package import CleanSlateTrace

/// What the session's reports need of the cause `--explain` gave a test: its kind, whether it
/// decided, the parts of its paragraph and its JSON object.
///
/// The explain module's result conforms; the reports know nothing else of it, so that what an
/// explanation says changes in one module. The reports word what is `cleanslate test`'s own —
/// the option that gives a larger budget (``advice``) — since an explanation never names an
/// option of the command.
package protocol ReportedCause: Sendable {
  /// The name of its kind, as JUnit's `cleanslate.cause` property and the JSON's `"kind"` give
  /// it: `order`, `timeZone`.
  var kindName: String { get }
  /// Whether its experiments decided: `false` for a cause that is unknown (the summary counts it
  /// as not explained).
  var decided: Bool { get }
  /// The title of its paragraph: `Why flaky`, or `Failing, not flaky` for a test that fails
  /// every time.
  var title: String { get }
  /// The one-line heading of its paragraph: `order, decided by 6 runs in 9.1 s`.
  var heading: String { get }
  /// The cause and its evidence, in a sentence or two, without what to give the command
  /// (``advice``).
  var summary: String { get }
  /// What more a run of `cleanslate test` would need to decide it, when its experiments could
  /// not.
  var advice: CauseAdvice? { get }
  /// What the tests that ran at once share, when it names it, and how to give each its own.
  var shared: String? { get }
  /// One command that reproduces it, as a user types it.
  var reproduce: String { get }
  /// For a parameterized test, the argument case that failed: `count → 4`.
  var testCase: String? { get }

  /// Appends its JSON object, with `summary` (its ``summary`` with its ``advice`` in words) as
  /// its `"summary"`.
  func write(to json: inout JSONText, summary: String)
}

/// What more a run of `cleanslate test` would need to decide a cause its experiments could not.
package enum CauseAdvice: Sendable, Equatable {
  /// A larger budget: about `seconds` a test.
  case budget(seconds: Int)
  /// More repetitions of the run: the test failed less often in the experiments than in the run.
  case moreRepetitions
}
