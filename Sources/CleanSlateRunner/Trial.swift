internal import CleanSlate
internal import CleanSlateBisect
internal import CleanSlateReport
internal import CleanSlateTestProcess

/// The experiments on one test: every run made for it, in order, within its budget.
final class Trial<Runner: ExperimentRunner>: Sendable {
  /// The test being explained.
  let test: String
  private let runner: Runner
  private let deadline: ContinuousClock.Instant
  private let started = ContinuousClock.now
  private let progress: @Sendable (String, TestCause.Run) -> Void
  private let log = Locked(Log())

  private struct Log {
    var runs: [TestCause.Run] = []
    var results: [(what: String, run: ExperimentRun)] = []
    /// The experiment under way.
    var experiment: String?
    /// The experiments that made at least one run, in the order they began.
    var tried: [String] = []
    var lastCommand: [String: SwiftTestInvocation] = [:]
    /// The argument case of the test, a parameterized one, that failed first: the runs after
    /// it run that case alone.
    var testCase: String?
  }

  init(
    test: String, runner: Runner, deadline: ContinuousClock.Instant,
    progress: @escaping @Sendable (String, TestCause.Run) -> Void
  ) {
    self.test = test
    self.runner = runner
    self.deadline = deadline
    self.progress = progress
  }

  /// Every run so far.
  var runs: [TestCause.Run] { log.value.runs }

  /// The argument case of the test, a parameterized one, that failed first, as Swift Testing
  /// prints its arguments; the runs after it run that case alone.
  var testCase: String? { log.value.testCase }

  /// The seconds since the first run.
  var elapsedSeconds: Double {
    let (seconds, attoseconds) = (ContinuousClock.now - started).components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// Notes that an experiment started: the runs from now on are its runs. It counts as tried
  /// once it has made one.
  func tried(_ experiment: String) {
    log.withLock { $0.experiment = experiment }
  }

  /// The experiments that made at least one run, in the order they began.
  var tried: [String] { log.value.tried }

  /// Runs `tests` under `condition`, or under the machine's with `seed` or `timeZone`; throws
  /// ``OutOfBudget`` instead once the budget is spent.
  func run(
    _ tests: [String], _ what: String, condition: ExperimentCondition = .init(),
    seed: UInt64? = nil, timeZone: String? = nil
  ) async throws -> ExperimentRun {
    guard ContinuousClock.now < deadline else { throw OutOfBudget() }
    var condition = condition
    condition.seed = seed ?? condition.seed
    condition.timeZone = timeZone ?? condition.timeZone
    condition.testCase = condition.testCase ?? testCase.map { "\(test) (\($0))" }
    let run = try await runner.run(tests, victim: test, in: condition)
    let entry = TestCause.Run(what, passed: run.passed, failure: run.failure)
    log.withLock { log in
      if let experiment = log.experiment, !log.tried.contains(experiment) {
        log.tried.append(experiment)
      }
      log.runs.append(entry)
      log.results.append((what, run))
      if let command = run.command { log.lastCommand[what] = command }
      if log.testCase == nil, !run.passed { log.testCase = run.failedCases.first }
    }
    progress(test, entry)
    return run
  }

  /// How often the test failed in the runs `what` describes.
  func rate(of what: String) -> TestCause.Rate {
    rate { $0.what == what }
  }

  /// How often the test failed in the runs `isIncluded` picks.
  func rate(_ isIncluded: (TestCause.Run) -> Bool) -> TestCause.Rate {
    let picked = runs.filter(isIncluded)
    return TestCause.Rate(failures: picked.count(where: { !$0.passed }), runs: picked.count)
  }

  /// The last run `what` describes.
  func lastRun(of what: String) -> ExperimentRun? {
    log.value.results.last { $0.what == what }?.run
  }

  /// The runs `what` describes in which the test failed.
  func failedRuns(of what: String) -> [ExperimentRun] {
    log.value.results.filter { $0.what == what && !$0.run.passed }.map(\.run)
  }

  /// The command of the last run `what` describes in which the test failed (else of the last such
  /// run).
  func command(of what: String) -> String {
    let results = log.value.results.filter { $0.what == what }
    let run = results.last { !$0.run.passed } ?? results.last
    return run?.run.command.map { "\($0)" } ?? ""
  }

  // MARK: - Verdicts without a factor

  /// It failed in every run: `alone`'s first failure says how.
  func failing(_ alone: [ExperimentRun]) -> TestCause {
    let failures = Set(alone.compactMap(\.failure))
    let how =
      failures.count == 1
      ? ", the same way: \(failures.first!)"
      : failures.isEmpty ? "" : ", as: \(failures.sorted()[0])"
    let count = runs.count
    let tried = tried
    let conditions =
      ["alone"] + (tried.contains("time zone") ? ["in every time zone tried"] : [])
      + (tried.contains("seed") ? ["with every seed tried"] : [])
      + (tried.contains("hash order") ? ["with deterministic hashing"] : [])
    var cause = TestCause(
      .failing,
      summary:
        "It failed in every run (\(count) of \(count)), \(Explainer<Runner>.list(conditions))\(how). It is a failing test, not a flaky one.",
      reproduce: aloneCommand)
    cause.alone = TestCause.Rate(failures: alone.count, runs: alone.count)
    return cause
  }

  /// It fails alone at `rate`, whatever the factors tried.
  func intrinsic(_ rate: TestCause.Rate) -> TestCause {
    let factors = tried.filter { $0 != "alone" }
    var cause = TestCause(
      .intrinsic,
      summary:
        "It fails on its own in \(rate) alone, and no factor tried (\(Explainer<Runner>.list(factors))) changes that. Look inside the test: an unseeded random draw, the clock, a race between its own threads or tasks.",
      reproduce: aloneCommand)
    cause.alone = rate
    return cause
  }

  /// No experiment decided: `why`, and the experiments that ran.
  func unknown(_ why: String) -> TestCause {
    let tried = tried
    var cause = TestCause(
      .unknown,
      summary:
        "\(why) Tried: \(Explainer<Runner>.list(tried)), in \(Explainer<Runner>.count(runs.count, "run")).",
      reproduce: aloneCommand)
    cause.tried = tried
    return cause
  }

  /// The command of a run of the test alone, as the machine runs it (its failing case only, once
  /// one failed).
  var aloneCommand: String {
    log.value.lastCommand["alone"].map { "\($0)" } ?? ""
  }
}

/// The budget of a test's experiments is spent.
struct OutOfBudget: Error {}

/// The runs of a bisection, made as the trial's runs: counted, within the budget, the sentinel
/// watching.
struct TrialRunner<Runner: ExperimentRunner>: TestRunner {
  let trial: Trial<Runner>

  func run(_ tests: [String], victim: String) async throws -> TestRunOutcome {
    let earlier = tests.dropLast()
    let what =
      earlier.isEmpty
      ? "alone"
      : earlier.count <= 2
        ? "after \(Explainer<Runner>.list(Array(earlier)))"
        : "after \(Explainer<Runner>.count(earlier.count, "earlier test"))"
    let run = try await trial.run(tests, what, condition: .init(watchesState: true))
    return TestRunOutcome(victimPassed: run.passed, firstFailure: run.failure, command: run.command)
  }
}
