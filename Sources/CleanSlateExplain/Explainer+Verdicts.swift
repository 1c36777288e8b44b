import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import CleanSlateTrace
import Foundation

extension Explainer {
  /// Whether a test that failed in every attempt of the run still fails every time.
  enum Steadiness {
    /// It failed in every run: run's and alone, enough of them.
    case failing
    /// It passed in a run alone: it is flaky after all.
    case flaky
  }

  /// Runs a test that failed in every attempt of the run alone, until ``failingRuns`` runs in all
  /// failed or one passes; runs that do not fit the budget are not started.
  func failingOrNot(_ trial: Trial<Runner>, evidence: RunEvidence) async throws -> Steadiness {
    trial.begin(.alone)
    var failed = evidence.attempts.count
    let cost = evidence.slowestAttempt ?? 0
    while failed < Self.failingRuns, cost <= trial.secondsLeft {
      guard try await trial.run(.alone).failed else { return .flaky }
      failed += 1
    }
    return .failing
  }

  /// The verdict on a test that failed in every run so far: what could still make it pass —
  /// time zone, hash order, seed — when its runs fit the budget, else failing (or a hang).
  func failing(
    _ trial: Trial<Runner>, evidence: RunEvidence, random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause {
    var candidates: [Experiment] = [.timeZone, .hashOrder]
    if evidence.failureMessages.count > 1 { candidates = [.hashOrder, .timeZone] }
    // A test that draws from `.seededRandom` fails every time with the run's seed, most likely.
    if trial.drewFromSeededRandom { candidates.insert(.seed, at: 0) }
    let cost = max(0.05, evidence.slowestAttempt ?? trial.observations.last?.seconds ?? 0.05)
    let pooledShares = trial.prior.map { _ in trial.pooledShares(lead: .parallel) }
    for (experiment, share) in Self.shares(of: candidates) {
      // Pooled, the shares are the sequence's.
      let alpha = pooledShares?[experiment] ?? share
      let cause: TestCause?
      switch experiment {
      case .timeZone:
        guard fits(.timeZone, runs: zones.count + 4, secondsEach: cost, trial) else { continue }
        cause = try await timeZone(trial, alpha: alpha, random: &random)
      case .hashOrder:
        cause = try await hashOrder(trial, evidence: evidence, alpha: alpha, random: &random)
      case .seed:
        guard fits(.seed, runs: 8, secondsEach: cost, trial) else { continue }
        cause = try await seed(trial, alpha: alpha, random: &random)
      default: cause = nil
      }
      if let cause { return cause }
    }
    // A run the experiments made that passed makes it flaky after all, whatever no experiment
    // could decide: never "failed in every run".
    if trial.observations.contains(where: { !$0.failed }) {
      return verdictWithoutAFactor(trial, evidence: evidence, budgetRanOut: false)
    }
    return steadyFailure(trial, evidence: evidence)
  }

  /// A test that failed in every run: failing, or, when every run ended at its time limit, a hang
  /// — with where it hung, and what was not tried for lack of budget.
  func steadyFailure(_ trial: Trial<Runner>, evidence: RunEvidence) -> TestCause {
    let runs = evidence.attempts.count + trial.observations.count
    let failed = evidence.attempts.count + trial.observations.count(where: \.failed)
    let alone = trial.rate { $0.condition == .alone }
    var conditions = ["\(evidence.attempts.count) in the run"]
    if alone.runs > 0 { conditions.append("\(alone.runs) alone") }
    for experiment in [Experiment.timeZone, .seed] where trial.tried.contains(experiment) {
      conditions.append(
        experiment == .timeZone ? "in every time zone tried" : "with every seed tried")
    }
    if trial.tried.contains(.hashOrder) { conditions.append("with deterministic hashing") }
    let every = "\(failed) of \(runs): \(Words.list(conditions))"
    let notTriedText = notTried(trial)
    let reproduce = reproduction(of: .alone, trial)
    let timedOut = evidence.attempts.compactMap { $0.end.outcome == .timedOut ? $0.end : nil }
    let everyRunTimedOut =
      evidence.hung
      && trial.observations.allSatisfy { $0.end.outcome == .timedOut }
    if everyRunTimedOut, let first = timedOut.first {
      let place = HangStack.whereItHung(first.report, test: trial.test)
      let whereText = place.isEmpty ? "" : " It hung in \(place.joined(separator: " ← "))."
      var cause = TestCause(
        .hang,
        summary:
          "It timed out in every run (\(every)), \(first.failure ?? "at its limit"): it hangs, every time; it is not flaky.\(whereText)\(notTriedText)",
        reproduce: reproduce)
      cause.alone = TestCause.Rate(failures: failed, runs: runs)
      cause.hungIn = place
      return cause
    }
    let failures = evidence.failureMessages.union(trial.observations.compactMap(\.end.failure))
    let how =
      failures.count == 1
      ? ", the same way: \(failures.first!)"
      : failures.isEmpty ? "" : ", as: \(failures.sorted()[0])"
    var cause = TestCause(
      .failing,
      summary:
        "It failed in every run (\(every))\(how). It is a failing test, not a flaky one.\(notTriedText)",
      reproduce: reproduce)
    cause.alone = TestCause.Rate(failures: failed, runs: runs)
    return cause
  }

  /// The verdict when no experiment named a factor: intrinsic when the test failed in runs alone,
  /// else unknown, saying what was tried and what it would take.
  func verdictWithoutAFactor(
    _ trial: Trial<Runner>, evidence: RunEvidence, budgetRanOut: Bool
  ) -> TestCause {
    // Its runs alone, with whatever variables the experiments set (none made a difference): the
    // experiments' and the run's own (its retries, or every attempt when its process ran no other
    // test), which CleanSlate ran alone too — unless the experiments' runs alone contradict the
    // run's: a failure alone right after its process crashed, never seen again alone, is the
    // crash's leftovers, not the test's own.
    let experimentsAlone = trial.rate { $0.condition.arrangement == .alone }
    let runAlone =
      Self.contradicts(evidence.aloneRate, experimentsAlone)
      ? TestCause.Rate(failures: 0, runs: 0) : evidence.aloneRate
    let alone = experimentsAlone + runAlone
    if alone.failures > 0 {
      let factors = trial.tried.filter { $0 != .alone }
      let experiments = summaries(trial)
      var counted: [String] = []
      if experimentsAlone.runs > 0 { counted.append("\(experimentsAlone) alone") }
      if runAlone.runs > 0 {
        counted.append("\(runAlone.failures) of the run's \(runAlone.runs) attempts alone")
      }
      let place = hungIn(evidence, trial)
      var cause = TestCause(
        .intrinsic,
        summary:
          "It fails on its own in \(Words.list(counted))\(hangs(evidence, trial, in: place)), and no factor tried (\(factors.isEmpty ? "none fitted the budget" : Words.list(factors.map(\.description)))) makes a difference the runs can show\(tally(experiments)).\(notTried(trial)) Look inside the test: an unseeded random draw, the clock, a race between its own threads or tasks, a child process or a lock it waits for.",
        reproduce: reproduction(of: .alone, trial))
      cause.alone = alone
      cause.experiments = experiments
      cause.hungIn = place
      return cause
    }
    let why: String
    if trial.observations.isEmpty {
      why = "No experiment fitted the budget."
    } else if !trial.observations.contains(where: \.failed) {
      why =
        "It passed in every run the experiments made (\(trial.observations.count)): it did not fail again."
    } else {
      why = "No factor made a difference the runs could show."
    }
    return unknown(trial, evidence: evidence, why: why)
  }

  /// Whether `experiments`, runs alone that never failed, are too many to pass at the rate `run`
  /// failed alone: at that rate, all of them passing has a chance under 1 %.
  static func contradicts(_ run: TestCause.Rate, _ experiments: TestCause.Rate) -> Bool {
    guard run.failures > 0, run.runs > 0, experiments.failures == 0 else { return false }
    let rate = Double(run.failures) / Double(run.runs)
    return pow(1 - rate, Double(experiments.runs)) < 0.01
  }

  /// The experiments `trial` left out, with why, in words: `""` when none.
  private func notTried(_ trial: Trial<Runner>) -> String {
    let skipped = trial.skipped.map { "\($0.experiment) (\($0.why))" }
    return skipped.isEmpty ? "" : " Not tried: \(Words.list(skipped))."
  }

  /// Each experiment with its runs, after a colon: `""` when none ran.
  private func tally(_ experiments: [TestCause.Experiment]) -> String {
    experiments.isEmpty ? "" : ": " + experiments.map(\.description).joined(separator: "; ")
  }

  /// How many of its failures alone were hangs, in words: `""` when none, else where the first
  /// hung, `place`, when its stacks say.
  private func hangs(
    _ evidence: RunEvidence, _ trial: Trial<Runner>, in place: [String]
  ) -> String {
    let failedAlone =
      evidence.aloneAttempts.map(\.end).filter(\.isFailure)
      + trial.observations.filter { $0.condition.arrangement == .alone && $0.failed }.map(\.end)
    let hung = failedAlone.count { $0.outcome == .timedOut }
    guard hung > 0 else { return "" }
    let whereText = place.isEmpty ? "" : ", in \(place.joined(separator: " ← "))"
    return hung == failedAlone.count
      ? " (each time a hang, ended at its time limit\(whereText))"
      : " (\(hung) of them hangs, ended at its time limit\(whereText))"
  }

  /// Where its first hang of the run hung, innermost first, from the stacks of its threads.
  private func hungIn(_ evidence: RunEvidence, _ trial: Trial<Runner>) -> [String] {
    let hung = (evidence.attempts.map(\.end) + trial.observations.map(\.end)).first {
      $0.outcome == .timedOut && !$0.report.isEmpty
    }
    guard let hung else { return [] }
    return HangStack.whereItHung(hung.report, test: trial.test)
  }

  /// No experiment decided: `why`, the budget it used, each experiment with its runs, and what
  /// telling a factor apart would take at the test's rate.
  func unknown(_ trial: Trial<Runner>, evidence: RunEvidence, why: String) -> TestCause {
    let used =
      "The experiments used \(Hundredths.seconds(micros: trial.elapsedSeconds * 1e6)) of the budget of \(Int(trial.budgetSeconds.rounded())) s"
    let experiments = summaries(trial)
    let notTriedText = notTried(trial)
    let needed = ahead(trial, evidence: evidence) ?? needed(trial, evidence: evidence)
    var cause = TestCause(
      .unknown,
      summary: "\(why) \(used)\(tally(experiments)).\(notTriedText) \(needed.text)",
      reproduce: reproduction(of: Self.conditionItFailedIn(evidence), trial))
    cause.advice = needed.advice
    cause.experiments = experiments
    return cause
  }

  /// The condition the run failed in, as the experiments run it: the tests of its process at
  /// once when it failed beside them at once, after the earlier ones when it failed beside them
  /// one at a time, else alone.
  static func conditionItFailedIn(_ evidence: RunEvidence) -> RunCondition {
    guard evidence.withOthersRate.failures > 0, evidence.together.count > 1 else { return .alone }
    if evidence.ranAtOnce {
      return RunCondition(
        .atOnce(evidence.together, processesOfTheirOwn: evidence.processesOfTheirOwn),
        watchesState: true)
    }
    guard !evidence.earlier.isEmpty else { return .alone }
    return RunCondition(.after(evidence.earlier), watchesState: true)
  }

  /// When the experiment the run pointed at failed more often with its factor than without and
  /// could not decide within the budget: how far it came, and about how many more of its runs
  /// deciding it would take, at the rates it saw and what its runs cost. `nil` when it is not
  /// ahead.
  private func ahead(
    _ trial: Trial<Runner>, evidence: RunEvidence
  ) -> (text: String, advice: CauseAdvice?)? {
    let pointed = trial.prior == nil ? Self.pointedAt(by: evidence, among: trial.tried) : trial.lead
    guard let lead = pointed, trial.tried.contains(lead),
      let comparison = trial.comparison(of: lead), let shape = comparison.usualShape
    else { return nil }
    // Pooled, the rounds of every session of the sequence.
    let pooled = comparison.pooledEvidence
    let factor = comparison.isPooled ? pooled.factor : comparison.factor
    let baseline = comparison.isPooled ? pooled.baseline : comparison.baseline
    func smoothed(_ rate: TestCause.Rate) -> Double {
      (Double(rate.failures) + 0.5) / (Double(rate.runs) + 1)
    }
    guard factor.failures * max(1, baseline.runs) > baseline.failures * max(1, factor.runs) else {
      return nil
    }
    let (withIt, without) = PooledWords.arms(of: lead)
    let over =
      comparison.isPooled
      ? ", pooled over \(PooledWords.sessions((trial.prior?.sessions ?? 0) + 1))" : ""
    var text =
      "\(lead.description.prefix(1).uppercased() + lead.description.dropFirst()) was ahead: \(factor) \(withIt) failed, \(baseline) \(without)\(over)"
    let gain = PairedComparison.expectedGain(
      of: shape, factorRate: smoothed(factor), baselineRate: smoothed(baseline))
    let costs = trial.runs(of: lead).map(\.seconds)
    // (a rare flake's rounds each gain little: a thousandth of the threshold is still a count)
    guard gain > 1e-4, !costs.isEmpty else { return (text + ".", nil) }
    let rounds = Int((comparison.logRatioLeft / gain).rounded(.up))
    let runs = rounds * shape.runs
    let perRun = costs.reduce(0, +) / Double(costs.count)
    let more = Double(runs) * perRun
    text +=
      "; deciding it takes about \(runs) more of its runs, about \(Int(more.rounded(.up))) s at \(Hundredths.seconds(micros: perRun * 1e6)) a run"
    if comparison.isPooled {
      // The next session that sees it fail goes on from here: about how many more, were each to
      // spend what this one spent on it.
      let spent = costs.reduce(0, +)
      let sessions = Int((more / max(spent, 1e-6)).rounded(.up))
      return (
        text
          + ", about \(Words.count(sessions, "more session")) like this one that see it fail (or --explain-pending in those that do not).",
        nil
      )
    }
    let seconds = Int((trial.elapsedSeconds + more).rounded(.up))
    return (text, .budget(seconds: max(seconds, Int(trial.budgetSeconds) + 1)))
  }

  /// What telling a factor apart would take, at the rate the run saw: about how many runs, and
  /// the budget for them; and what the run would need, which the reports put into words (a
  /// larger budget, or more repetitions when the budget would have bought the runs).
  private func needed(
    _ trial: Trial<Runner>, evidence: RunEvidence
  ) -> (text: String, advice: CauseAdvice?) {
    let rate = evidence.rate
    guard rate.failures > 0, rate.runs > 0 else { return ("", nil) }
    let chance = Double(rate.failures) / Double(rate.runs)
    // A factor that makes it fail five times as often, at this rate, shows in about ten runs
    // that disagree, which pairs give at about this rate.
    let disagreeing = max(0.001, chance * (1 - chance / 5) + (chance / 5) * (1 - chance))
    let pairs = Int((10 / disagreeing).rounded(.up))
    let perRun =
      trial.observations.isEmpty
      ? max(0.1, evidence.meanAttempt ?? 0.1)
      : Self.secondsARun(of: decisive(trial, evidence: evidence))
    let seconds = Int((Double(pairs * 2) * perRun * 1.2).rounded(.up))
    let takes =
      "It failed in \(rate) of the run: telling a factor that makes it fail five times as often takes about \(pairs * 2) runs (\(pairs) a side), about \(seconds) s at \(Hundredths.seconds(micros: perRun * 1e6)) a run"
    guard seconds > Int(trial.budgetSeconds) else {
      // The budget would have bought them: the test failed less often in the experiments than
      // in the run.
      return (
        takes
          + ", which the budget allows: it failed less often in the experiments than in the run.",
        .moreRepetitions
      )
    }
    return (takes, .budget(seconds: seconds))
  }

  /// The runs whose cost telling the factor apart would take: those of the experiment the run
  /// pointed at, in groups as large as the smallest it failed in (a crash that came back only
  /// with a dozen tests at once costs a dozen tests a run); every run when it pointed at none.
  private func decisive(
    _ trial: Trial<Runner>, evidence: RunEvidence
  ) -> [Trial<Runner>.Observation] {
    let lead = Self.pointedAt(by: evidence, among: trial.tried)
    let led = trial.observations.filter { $0.experiment == lead }
    guard !led.isEmpty else { return trial.observations }
    let size = { (run: Trial<Runner>.Observation) in run.condition.tests(with: trial.test).count }
    guard let smallest = led.filter(\.failed).map(size).min() else { return led }
    return led.filter { size($0) >= smallest }
  }

  /// The mean duration of `runs`, in seconds.
  private static func secondsARun(of runs: [Trial<Runner>.Observation]) -> Double {
    runs.map(\.seconds).reduce(0, +) / Double(max(1, runs.count))
  }

  /// Each experiment that ran, with its runs.
  func summaries(_ trial: Trial<Runner>) -> [TestCause.Experiment] {
    var conditions: [Experiment: [RunCondition]] = [:]
    var rates: [Experiment: [RunCondition: TestCause.Rate]] = [:]
    for run in trial.observations {
      let rate = TestCause.Rate(failures: run.failed ? 1 : 0, runs: 1)
      if let known = rates[run.experiment]?[run.condition] {
        rates[run.experiment]?[run.condition] = known + rate
      } else {
        conditions[run.experiment, default: []].append(run.condition)
        rates[run.experiment, default: [:]][run.condition] = rate
      }
    }
    return trial.tried.map { experiment in
      TestCause.Experiment(
        name: experiment.description,
        conditions: (conditions[experiment] ?? []).map { condition in
          .init(
            what: condition.description,
            rate: rates[experiment]?[condition] ?? .init(failures: 0, runs: 0))
        })
    }
  }
}
