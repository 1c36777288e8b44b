internal import CleanSlate
internal import CleanSlateRunner
internal import CleanSlateTestProcess

/// The experiments on one test: every run made for it, in order, within its budget.
final class Trial<Runner: ExperimentRunner>: Sendable {
  /// One run: its condition, the experiment it was for, the launch and the test's end in it, and
  /// what it cost.
  struct Observation: Sendable {
    var condition: RunCondition
    var experiment: Experiment
    var launch: Launch
    var end: TestEnd
    var seconds: Double

    /// Whether the test failed (crashed and timed out included).
    var failed: Bool { end.isFailure }
  }

  /// The test being explained.
  let test: TestName
  private let runner: Runner
  /// When the budget runs out, on the runner's clock.
  private let deadline: Duration
  private let started: Duration
  private let budget: Duration
  private let reported: (@Sendable (ExperimentRun) -> Void)?
  private let log = Locked(Log())
  /// The argument case every run runs, once one failed: `Module.Suite/test(x:) (x → 4)`.
  private let caseRun = Locked<String?>(nil)

  private struct Log {
    var observations: [Observation] = []
    /// The experiment under way.
    var experiment: Experiment = .alone
    /// The experiments that made at least one run, in the order they began.
    var tried: [Experiment] = []
    /// Why experiments were not run: too slow for the budget left.
    var skipped: [(experiment: Experiment, why: String)] = []
    /// The argument case of the test, a parameterized one, that failed first: the runs after it
    /// run that case alone.
    var testCase: String?
    /// The first comparison each experiment ran, as it ended.
    var comparisons: [Experiment: PairedComparison] = [:]
    /// The experiment the explanation spends its budget on: the one the run, or the evidence of
    /// earlier sessions, points at.
    var lead: Experiment?
    /// Pooled, the experiment that holds three quarters of the sequence's error budget.
    var budgetLead: Experiment?
  }

  /// What earlier sessions' experiments on the test saw, when the explanation goes on from them
  /// (`nil`: an explanation of this session alone).
  let prior: PriorEvidence?

  init(
    test: TestName, runner: Runner, budget: Duration, prior: PriorEvidence? = nil,
    reported: (@Sendable (ExperimentRun) -> Void)?
  ) {
    self.test = test
    self.runner = runner
    self.budget = budget
    self.prior = prior
    started = runner.now
    deadline = started + budget
    self.reported = reported
  }

  // MARK: - Runs

  /// Notes that `experiment` starts: the runs from now on are its runs. It counts as tried once
  /// it has made one.
  func begin(_ experiment: Experiment) {
    log.withLock { $0.experiment = experiment }
  }

  /// Runs the test under `condition`; throws ``OutOfBudget`` instead once the budget is spent.
  @discardableResult
  func run(_ condition: RunCondition) async throws -> Observation {
    let start = runner.now
    guard start < deadline else { throw OutOfBudget() }
    let testCase = caseRun.value
    let launch = try await runner.run(condition, of: test, testCase: testCase)
    let end = launch.endOrUnfinished(of: test)
    let seconds = (runner.now - start).inSeconds
    let observation = log.withLock { log in
      let observation = Observation(
        condition: condition, experiment: log.experiment, launch: launch, end: end,
        seconds: seconds)
      if !log.tried.contains(log.experiment) { log.tried.append(log.experiment) }
      log.observations.append(observation)
      if log.testCase == nil, end.isFailure,
        let failedCase = launch.traced?.failedCases(of: test).first
      {
        log.testCase = failedCase
        caseRun.withLock { $0 = "\(test) (\(failedCase))" }
      }
      return observation
    }
    reported?(ExperimentRun(condition.description, passed: !end.isFailure, failure: end.failure))
    return observation
  }

  // MARK: - What the runs said

  /// Every run so far.
  var observations: [Observation] { log.value.observations }

  /// Every run so far, as the cause lists them.
  var runs: [ExperimentRun] {
    observations.map {
      ExperimentRun($0.condition.description, passed: !$0.failed, failure: $0.end.failure)
    }
  }

  /// How often the test failed in the runs `isIncluded` picks.
  func rate(_ isIncluded: (Observation) -> Bool) -> TestCause.Rate {
    let picked = observations.filter(isIncluded)
    return TestCause.Rate(failures: picked.count(where: \.failed), runs: picked.count)
  }

  /// How often the test failed in the runs of `condition`.
  func rate(of condition: RunCondition) -> TestCause.Rate { rate { $0.condition == condition } }

  /// The runs of `experiment`.
  func runs(of experiment: Experiment) -> [Observation] {
    observations.filter { $0.experiment == experiment }
  }

  /// The mean cost of a run of `condition`, in seconds, when one ran.
  func cost(of condition: RunCondition) -> Double? {
    let costs = observations.filter { $0.condition == condition }.map(\.seconds)
    return costs.isEmpty ? nil : costs.reduce(0, +) / Double(costs.count)
  }

  /// Whether the test drew from `.seededRandom` in a run, as its trace says.
  var drewFromSeededRandom: Bool {
    observations.contains { $0.launch.traced?.drewFromSeededRandom(test) == true }
  }

  /// The command of the last run of `condition` in which the test failed, else of its last run,
  /// else the command a run of it would be.
  func command(of condition: RunCondition) -> SwiftTestInvocation? {
    let picked = observations.filter { $0.condition == condition }
    return (picked.last(where: \.failed) ?? picked.last)?.launch.command
      ?? runner.command(of: condition, test: test, testCase: caseRun.value)
  }

  /// Keeps `comparison`, as it ended, as the experiment under way's, unless it ran one before.
  func record(_ comparison: PairedComparison) {
    log.withLock { log in
      if log.comparisons[log.experiment] == nil { log.comparisons[log.experiment] = comparison }
    }
  }

  /// The first comparison `experiment` ran, as it ended.
  func comparison(of experiment: Experiment) -> PairedComparison? {
    log.value.comparisons[experiment]
  }

  /// Every experiment's first comparison, as it ended.
  var comparisons: [Experiment: PairedComparison] { log.value.comparisons }

  /// The experiment under way.
  var experiment: Experiment { log.value.experiment }

  /// The experiment the explanation spends its budget on, when one is pointed at.
  var lead: Experiment? {
    get { log.value.lead }
    set { log.withLock { $0.lead = newValue } }
  }

  /// The shares of the error budget of a pooled sequence: `lead`'s (the first the explanation
  /// chose, the sequence's from its first session on) three quarters.
  func pooledShares(lead: Experiment) -> [Experiment: Double] {
    let chosen = log.withLock { log in
      if log.budgetLead == nil { log.budgetLead = prior?.lead ?? lead }
      return log.budgetLead!
    }
    return PriorEvidence.shares(lead: chosen)
  }

  /// Pooled, the experiment that holds three quarters of the sequence's error budget, once the
  /// shares were given out.
  var budgetLead: Experiment? { log.value.budgetLead ?? prior?.lead }

  /// The evidence the comparison the experiment under way starts now goes on from: earlier
  /// sessions' rounds of that experiment when the explanation is pooled and this is its first
  /// comparison (the experiment's others — a partner, a polluter held up — are this session's
  /// alone); `nil` otherwise.
  var priorOfTheComparisonStarting: ExperimentEvidence? {
    guard let prior else { return nil }
    let experiment = experiment
    guard comparison(of: experiment) == nil else { return nil }
    return prior.experiments[experiment] ?? ExperimentEvidence(sessions: 0)
  }

  /// The argument case of the test, a parameterized one, that failed first, as Swift Testing
  /// prints its arguments.
  var testCase: String? { log.value.testCase }

  // MARK: - The budget

  /// The seconds since the first run, on the runner's clock.
  var elapsedSeconds: Double { (runner.now - started).inSeconds }

  /// The budget in seconds.
  var budgetSeconds: Double { budget.inSeconds }

  /// The seconds of the budget left.
  var secondsLeft: Double { max(0, (deadline - runner.now).inSeconds) }

  /// The experiments that made at least one run, in the order they began.
  var tried: [Experiment] { log.value.tried }

  /// Notes that `experiment` was not run, and why.
  func skip(_ experiment: Experiment, because why: String) {
    log.withLock { $0.skipped.append((experiment, why)) }
  }

  /// The experiments not run, and why.
  var skipped: [(experiment: Experiment, why: String)] { log.value.skipped }
}

/// The budget of a test's experiments is spent.
struct OutOfBudget: Error {}
