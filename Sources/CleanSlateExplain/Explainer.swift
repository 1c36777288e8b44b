package import CleanSlate
package import CleanSlateRunner
import CleanSlateTestProcess
import Foundation

/// Tells why a test failed in a run, by experiments: it runs the test again under conditions it
/// controls, one factor at a time, until an experiment decides or the budget is spent.
///
/// It starts from what the run saw (``RunEvidence``). A test that failed in every attempt is
/// first run alone until enough runs say it fails every time; then the factors that could make
/// it pass — time zone, hash order, seed — are tried, each only when its runs fit the budget, and
/// without one it is **failing** (a **hang** when it timed out every time). A test that failed
/// only sometimes goes through the factors in the order the run points to: where it failed (with
/// other tests at once, after earlier tests, alone) and how (failures that differ from run to run
/// point at hash order) decide which comes first.
///
/// Each factor is an experiment that runs the test in pairs, one run with the factor and one
/// without, until a sequential test (``PairedComparison``) says the factor makes it fail, or that
/// the runs the budget still allows cannot show it. The experiments share one error budget:
/// a test that fails at random, at any rate, is blamed on some factor in at most 1% of
/// explanations (``falseBlameLimit``), three quarters of it given to the factor the run points
/// at first, the rest shared by the others. A factor that is named names its evidence — the
/// polluters, the tests beside it and what they share, the seeds, the zones — each held up by the
/// runs that decided it. Without one the test fails **intrinsically** (it failed in runs alone)
/// or the cause is **unknown**, with what was tried, how many runs each, and what it would take.
package struct Explainer<Runner: ExperimentRunner>: Sendable {
  /// What runs the tests.
  package let runner: Runner
  /// How long the experiments of one test may take; a run is not started after it.
  package var budget: Duration
  /// The zones the time-zone experiment tries, after the machine's.
  package var zones = ["UTC", "America/New_York", "Europe/Paris", "Asia/Tokyo"]
  /// The machine's time zone: `TZ`, or the system's.
  package var machineZone = TimeZone.current.identifier
  /// Where each experiment's runs are reported as they end.
  package var events = SessionEvents()
  /// The seed of the draws that order each pair's two runs.
  package var seed: UInt64 = 0x5EED
  /// How long the explained test may run before it is ended, as the run's `--test-timeout` said:
  /// a hang's command carries it.
  package var timeLimit: Duration?

  /// The largest chance, over a whole explanation, that a test whose failures no factor changes
  /// is blamed on one.
  package static var falseBlameLimit: Double { 0.01 }

  /// How many runs that all failed make a test failing, not flaky: the run's attempts and the
  /// experiments' runs alone.
  package static var failingRuns: Int { 5 }

  /// An explainer that runs tests with `runner`, `budget` for each test.
  package init(runner: Runner, budget: Duration = ExplainOptions.defaultBudget) {
    self.runner = runner
    self.budget = budget
  }

  /// Why `test` failed in the run that saw `evidence`; going on from `prior`, what earlier
  /// sessions' experiments saw, when given (``PriorEvidence``: pass ``PriorEvidence/none`` for the
  /// first session of a pooled sequence, `nil` for an explanation of this session alone).
  package func explain(
    _ test: TestName, evidence: RunEvidence, prior: PriorEvidence? = nil
  ) async throws -> TestCause {
    let trial = trial(of: test, prior: prior)
    var cause: TestCause
    do {
      cause = try await decide(trial, evidence: evidence)
    } catch is OutOfBudget {
      cause = verdictWithoutAFactor(trial, evidence: evidence, budgetRanOut: true)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      cause = unknown(trial, evidence: evidence, why: "An experiment could not run: \(error).")
    }
    cause.testCase = trial.testCase
    cause.failedEveryTime = evidence.failedEveryTime
    return finished(cause, trial, evidence: evidence)
  }

  /// A trial of `test` within the budget, going on from `prior`, each of its runs reported to
  /// ``events`` as it ends.
  func trial(of test: TestName, prior: PriorEvidence?) -> Trial<Runner> {
    let events = events
    var reported: (@Sendable (ExperimentRun) -> Void)?
    if !events.reporters.isEmpty {
      reported = { @Sendable run in events.send(.experimentRan(test: test, run: run)) }
    }
    return Trial(test: test, runner: runner, budget: budget, prior: prior, reported: reported)
  }

  /// `cause` with what `trial` ran — its runs, their seconds, the experiments tried — and, pooled,
  /// what it kept and the counts that decided it over the sessions.
  func finished(
    _ cause: TestCause, _ trial: Trial<Runner>, evidence: RunEvidence
  ) -> TestCause {
    var cause = cause
    cause.runs = trial.runs
    cause.seconds = trial.elapsedSeconds
    cause.tried = trial.tried.map(\.description)
    cause.pooling = pooling(trial, evidence: evidence)
    cause.summary += Self.pooledDecision(of: cause)
    return cause
  }

  /// For a cause decided over more than one session, what decided it: ` Over 10 sessions, the
  /// parallel experiment's rounds decided it: 10 of 1617 runs at once failed, 0 of 1617 in
  /// order.` — the counts of this session alone, which the sentences before it give, did not.
  /// Empty otherwise.
  static func pooledDecision(of cause: TestCause) -> String {
    guard cause.decided, let pooling = cause.pooling, pooling.sessions > 1,
      let experiment = Experiment.allCases.first(where: { $0.decides(cause.kind) }),
      let evidence = pooling.pooled[experiment]
    else { return "" }
    let (withIt, without) = PooledWords.arms(of: experiment)
    return
      " Over \(PooledWords.sessions(pooling.sessions)), the \(experiment) experiment's rounds decided it: \(evidence.factor) \(withIt) failed, \(evidence.baseline.failures) of \(evidence.baseline.runs) \(without)."
  }

  private func decide(_ trial: Trial<Runner>, evidence: RunEvidence) async throws -> TestCause {
    var random = SeededRandomNumberGenerator(seed: seed)
    if evidence.failedEveryTime {
      switch try await failingOrNot(trial, evidence: evidence) {
      case .failing:
        return try await failing(trial, evidence: evidence, random: &random)
      case .flaky:
        break
      }
    }
    var plan = plan(trial, evidence: evidence)
    // The experiment the run points at runs until its runs decide or the budget ends. Pooled,
    // the one earlier sessions found ahead, when one was; else the one that holds most of the
    // sequence's error budget: what this session's runs add, the next session goes on from.
    let lead =
      Self.ahead(in: trial.prior, among: plan.map(\.0))
      ?? Self.pointedAt(by: evidence, among: plan.map(\.0))
      ?? trial.budgetLead.flatMap { budgetLead in
        plan.contains { $0.0 == budgetLead } ? budgetLead : nil
      }
    trial.lead = lead
    if let lead, trial.prior != nil, let index = plan.firstIndex(where: { $0.0 == lead }),
      index > 1
    {
      plan.insert(plan.remove(at: index), at: 1)
    }
    // Without one, a few cheap runs may move hash order up.
    if lead == nil, plan.firstIndex(where: { $0.0 == .hashOrder }) ?? 0 > 1,
      try await hashOrderLooksLikely(trial, evidence: evidence, random: &random),
      let index = plan.firstIndex(where: { $0.0 == .hashOrder })
    {
      plan.insert(plan.remove(at: index), at: 1)
    }
    for (experiment, alpha) in plan {
      if let cause = try await run(
        experiment, trial, evidence: evidence, alpha: alpha, lead: experiment == lead,
        random: &random)
      {
        return cause
      }
      // No screens after a lead: once the experiment the run points at saw failures on one side
      // only, what it needs is more of its own runs, not another factor's.
      if experiment == lead, trial.comparison(of: experiment)?.failedOnOneSideOnly == true {
        break
      }
    }
    return verdictWithoutAFactor(trial, evidence: evidence, budgetRanOut: false)
  }

  // MARK: - The plan

  /// The experiments for a test that failed only sometimes, in the order they run, each with its
  /// share of the error budget.
  ///
  /// The run points at one: with other tests at once, then after them, when it failed beside
  /// them and passed alone; hash order first when its failures differed from run to run; when it
  /// failed alone too, the experiments that run it alone. That one gets three quarters of the
  /// error budget (``shares(of:lead:)``). A few runs with and without deterministic hashing may
  /// move hash order up (``hashOrderLooksLikely(_:evidence:random:)``); the shares stay.
  func plan(_ trial: Trial<Runner>, evidence: RunEvidence) -> [(Experiment, Double)] {
    var withOthers: [Experiment] = []
    if evidence.ranAtOnce, evidence.together.count > 1 { withOthers.append(.parallel) }
    if !evidence.earlier.isEmpty { withOthers.insert(.order, at: evidence.ranAtOnce ? 1 : 0) }
    var order: [Experiment]
    if evidence.aloneRate.failures > 0 && evidence.withOthersRate.failures == 0 {
      // It failed alone: not the other tests, first.
      order = [.hashOrder, .load] + withOthers
    } else {
      order = withOthers + [.hashOrder, .load]
    }
    if evidence.failureMessages.count > 1, !evidence.failedOnlyWithOthers {
      // Failures that differ from run to run: what it compared came out differently (unless its
      // runs alone, each a process hashing anew, all passed).
      order.removeAll { $0 == .hashOrder }
      order.insert(.hashOrder, at: 0)
    }
    let lead = order.first ?? .hashOrder
    // The seed experiment runs first once a run shows the test draws from `.seededRandom`: its
    // share is kept for it.
    order.insert(.seed, at: 0)
    if trial.prior != nil {
      // Pooled, the shares are the sequence's, fixed by its first session.
      let shares = trial.pooledShares(lead: Self.pointedAt(by: evidence, among: order) ?? lead)
      return order.map { ($0, shares[$0] ?? 0) }
    }
    return Self.shares(of: order, lead: lead)
  }

  /// The experiment among `plan` whose pooled rounds are furthest ahead — the factor's runs
  /// failing more often than the baseline's, its ratio above one — when one is.
  static func ahead(in prior: PriorEvidence?, among plan: [Experiment]) -> Experiment? {
    guard let prior else { return nil }
    return plan.filter { experiment in
      guard let evidence = prior.experiments[experiment] else { return false }
      return evidence.factorAhead && evidence.logRatio > 0
    }.max { prior.experiments[$0]!.logRatio < prior.experiments[$1]!.logRatio }
  }

  /// What the explanation pooled: each experiment's rounds of this session, to keep, and with
  /// earlier sessions'; `nil` for an explanation of this session alone.
  func pooling(_ trial: Trial<Runner>, evidence: RunEvidence) -> TestCause.Pooling? {
    guard let prior = trial.prior else { return nil }
    var session: [Experiment: ExperimentEvidence] = [:]
    var pooled = prior.experiments
    for (experiment, comparison) in trial.comparisons where comparison.isPooled {
      session[experiment] = comparison.evidence
      pooled[experiment] = comparison.pooledEvidence
    }
    let lead = trial.budgetLead ?? .parallel
    return TestCause.Pooling(
      session: session.filter { !$0.value.isEmpty }, pooled: pooled.filter { !$0.value.isEmpty },
      lead: lead, sessions: prior.sessions + 1, focus: trial.lead)
  }

  /// The experiment among `plan` the run points at, when it does: hash order when its failures
  /// differed from run to run (and not only beside other tests), else, when it failed beside
  /// other tests more than once and passed every attempt alone (two at least), the first
  /// experiment that runs it with them. A crash of its process while other tests ran, when it
  /// never failed alone, is evidence enough: a crash is rare, and each costs the whole process.
  /// `nil` when the run points at none: it failed alone too, or too few times to tell.
  static func pointedAt(by evidence: RunEvidence, among plan: [Experiment]) -> Experiment? {
    if evidence.failureMessages.count > 1, !evidence.failedOnlyWithOthers {
      return plan.contains(.hashOrder) ? .hashOrder : nil
    }
    let crashedBesideOthers =
      evidence.aloneRate.failures == 0 && evidence.crashes.contains { $0.running.count > 1 }
    let failedBesideOthers =
      evidence.failedOnlyWithOthers && evidence.withOthersRate.failures >= 2
    guard crashedBesideOthers || failedBesideOthers else { return nil }
    return plan.first { $0 == .parallel || $0 == .order }
  }

  /// `experiments` with their shares of the error budget: three quarters to `lead` (by default the
  /// first that is not the seed, which runs only when the test draws from `.seededRandom`), the
  /// rest in equal parts.
  static func shares(
    of experiments: [Experiment], lead: Experiment? = nil
  ) -> [(Experiment, Double)] {
    let lead = lead ?? experiments.first { $0 != .seed }
    let others = Double(max(1, experiments.count - 1))
    return experiments.map { experiment in
      let share = experiment == lead ? 0.75 : 0.25 / others
      return (experiment, falseBlameLimit * share)
    }
  }

  func run(
    _ experiment: Experiment, _ trial: Trial<Runner>, evidence: RunEvidence, alpha: Double,
    lead: Bool, random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause? {
    switch experiment {
    case .seed:
      guard trial.drewFromSeededRandom || trial.observations.isEmpty else { return nil }
      if trial.observations.isEmpty {
        // Whether it draws from `.seededRandom` is known once a run's trace says.
        trial.begin(.alone)
        try await trial.run(.alone)
        guard trial.drewFromSeededRandom else { return nil }
      }
      return try await seed(trial, alpha: alpha, random: &random)
    case .parallel:
      return try await parallel(
        trial, evidence: evidence, alpha: alpha, lead: lead, random: &random)
    case .order:
      return try await order(trial, evidence: evidence, alpha: alpha, lead: lead, random: &random)
    case .hashOrder:
      return try await hashOrder(
        trial, evidence: evidence, alpha: alpha, lead: lead, random: &random)
    case .load:
      return try await load(trial, evidence: evidence, alpha: alpha, lead: lead, random: &random)
    case .timeZone: return try await timeZone(trial, alpha: alpha, random: &random)
    case .alone: return nil
    }
  }
}
