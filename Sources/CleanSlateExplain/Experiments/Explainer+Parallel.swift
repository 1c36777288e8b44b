import CleanSlate
import CleanSlateTestProcess
import Foundation

extension Explainer {
  /// The parallel experiment: the run's condition again — the tests its process ran, at once, as
  /// the run ran them — against the same tests one at a time, until the comparison decides; then
  /// the tests it must run with, narrowed. `nil` unless it fails significantly more often at once.
  ///
  /// 1. **Where it failed** (``leadComparison(_:evidence:scope:alpha:patience:random:)``): the
  ///    whole selection at once against in order — smaller groups first only when the budget
  ///    cannot buy the pairs that deciding takes there — in rounds priced from the run's
  ///    durations (the cheap arm may run more often, ``ParallelScope/shape(atOnce:inOrder:)``).
  ///    Started smaller, a crash at once that its frames pin on another test names a test that
  ///    must run with it: the next rounds run the two, and the group before again when they do
  ///    not fail.
  /// 2. **Who with** (``namePartners(_:scope:decidedWith:step:alpha:random:)``): once it decided,
  ///    the tests it must run with are named when a comparison of their own holds them up: the
  ///    half of the group that still fails, halved again while one half fails more.
  /// 3. **The cause** (``parallelCause(_:evidence:scope:partners:)``): the tests beside it, what
  ///    they share, the frames its crashes went through, and a command that runs them at once
  ///    until it fails.
  ///
  /// The runs at once are watched by the sentinel (in warn mode), so that the cause can say what
  /// the tests share. Where the tests run at once each in a process of its own (XCTest's under
  /// `swift test --parallel`), the cause is ``TestCause/Kind/parallelProcesses``.
  func parallel(
    _ trial: Trial<Runner>, evidence: RunEvidence, alpha: Double, lead: Bool = false,
    random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause? {
    trial.begin(.parallel)
    let scope = ParallelScope(test: trial.test, evidence: evidence)
    // A run at once lasts at least as long as its longest test; what a round costs is measured
    // once the first ran.
    let cost = scope.whole.compactMap { evidence.durations[$0] }.max() ?? 0
    guard fits(.parallel, runs: 2, secondsEach: cost, trial) else { return nil }
    let decided = try await leadComparison(
      trial, evidence: evidence, scope: scope, alpha: alpha,
      patience: evidence.patience(lead: lead), random: &random)
    guard decided.compared.significant else { return nil }
    let partners = try await namePartners(
      trial, scope: scope, decidedWith: decided.group, step: decided.step, alpha: alpha,
      random: &random)
    return parallelCause(trial, evidence: evidence, scope: scope, partners: partners)
  }

  /// The lead comparison: a group at once against the same group in order. The group is the
  /// whole selection, as the run ran it, when the budget buys the pairs deciding takes there
  /// (``ParallelScope/ladder(evidence:seconds:alpha:)``); else it starts smaller and grows,
  /// a step at a time up to the whole selection, each time it ran at once as often as the run's
  /// rate needs to fail a few times without failing (each failure gives it as many rounds again).
  /// Started smaller, a crash at once pinned on another test names a test that must run with it:
  /// the next rounds run the two, and the group before again when they do not fail. Every round
  /// counts, whatever its group: when running at once makes no difference, it makes none for any
  /// group.
  private func leadComparison(
    _ trial: Trial<Runner>, evidence: RunEvidence, scope: ParallelScope, alpha: Double,
    patience: Int, random: inout SeededRandomNumberGenerator
  ) async throws -> (compared: Compared, group: [TestName], step: [TestName]) {
    var ladder = scope.ladder(evidence: evidence, seconds: trial.secondsLeft, alpha: alpha)[...]
    // From the whole selection, the comparison keeps it until it decides: its rounds cost alike,
    // and the budget bought them.
    let fromTheWhole = ladder.count == 1
    var step = ladder.removeFirst()
    var group = step
    var pinned: [TestName] = []
    var tried: [TestName] = []
    var groupRounds = 0
    var groupFailures = 0
    var fastest: [Bool: Double] = [:]
    func move(to next: [TestName]) {
      group = next
      groupRounds = 0
      groupFailures = 0
      fastest = [:]
    }
    let compared = try await compare(
      trial, alpha: alpha, direction: .moreFailuresWithTheFactor, patience: patience,
      random: &random
    ) { _, last in
      if let last {
        for run in last.factor + last.baseline {
          fastest[run.condition.atOnce] = min(
            fastest[run.condition.atOnce] ?? run.seconds, run.seconds)
        }
        pinned += scope.pinned(in: last.factor.compactMap(\.end.crash)).filter {
          !pinned.contains($0)
        }
        groupRounds += 1
        if last.factorFailed { groupFailures += 1 }
        let spent = groupRounds >= scope.growAfter * (groupFailures + 1)
        if group != step, spent {
          // The tests a crash named did not fail at once often enough: the group before again.
          move(to: step)
        } else if !fromTheWhole, !pinned.isEmpty, pinned != tried {
          // A crash pinned on another test names a test that must run with it.
          tried = pinned
          move(to: scope.tests(pinned))
        } else if spent, let next = ladder.first {
          ladder.removeFirst()
          step = next
          move(to: step)
        }
      }
      let shape = scope.shape(
        atOnce: fastest[true] ?? scope.atOnceSeconds(group),
        inOrder: fastest[false] ?? scope.inOrderSeconds(group))
      return Arms(
        factor: scope.atOnce(group), baseline: scope.inOrder(group),
        factorRuns: shape.factorRuns, baselineRuns: shape.baselineRuns)
    }
    return (compared, group, step)
  }

  /// The tests the test must run with, once the lead comparison decided with `group` at once (the
  /// step of its ladder it had reached, `step`, or a test a crash named with it): named only when
  /// a comparison holds them up — they at once with the test, against as many other tests of the
  /// selection at once with it, drawn anew each round (when which tests run beside it makes no
  /// difference, any as many make none) — else every test of `step` but it.
  ///
  /// The candidates are the tests of `group` but it: those a crash named, when the lead decided on
  /// them; else halved while one half fails more often at once with it (keeping that half),
  /// within a third of the budget left.
  private func namePartners(
    _ trial: Trial<Runner>, scope: ParallelScope, decidedWith group: [TestName],
    step: [TestName], alpha: Double, random: inout SeededRandomNumberGenerator
  ) async throws -> [TestName] {
    let test = trial.test
    let fallback = step.filter { $0 != test }
    var candidates = group.filter { $0 != test }
    // (a group narrowed to the tests a crash named holds its candidates already)
    if candidates.count > 1, group == step {
      let rate = trial.rate { $0.experiment == .parallel && $0.condition.atOnce }
      candidates = try await halve(candidates, trial, scope: scope, rate: rate)
    }
    let others = scope.whole.filter { $0 != test && !candidates.contains($0) }
    guard !candidates.isEmpty, candidates.count < scope.whole.count - 1,
      others.count >= candidates.count
    else { return fallback }
    var draws = SeededRandomNumberGenerator(seed: seed &+ UInt64(others.count))
    let confirmed = try await compare(
      trial, alpha: alpha, direction: .moreFailuresWithTheFactor, patience: scope.patience,
      random: &random
    ) { _, _ in
      let control = Array(others.shuffled(using: &draws).prefix(candidates.count))
      return Arms(
        factor: scope.atOnce(scope.tests(candidates)), baseline: scope.atOnce(scope.tests(control)))
    }
    return confirmed.significant ? candidates : fallback
  }

  /// The half of `candidates` that failed more often at once with the test, halved again while
  /// one half fails more, within a third of the budget left: halves run in turn, as often as the
  /// failure rate at once needs to tell them apart.
  private func halve(
    _ candidates: [TestName], _ trial: Trial<Runner>, scope: ParallelScope, rate: TestCause.Rate
  ) async throws -> [TestName] {
    let chance = max(0.01, Double(rate.failures) / Double(max(1, rate.runs)))
    // Rounds in which the half that holds what it needs most likely fails more than once.
    let rounds = min(20, max(3, Int((3 / min(chance, 0.95)).rounded(.up))))
    let allowance = trial.secondsLeft / 3
    let start = trial.elapsedSeconds
    var candidates = candidates
    while candidates.count > 1, trial.elapsedSeconds - start < allowance {
      let halves = [
        Array(candidates.prefix(candidates.count / 2)),
        Array(candidates.dropFirst(candidates.count / 2)),
      ]
      var failures = [0, 0]
      do {
        for _ in 0..<rounds where abs(failures[0] - failures[1]) < 2 {
          for side in 0..<2
          where try await trial.run(scope.atOnce(scope.tests(halves[side]))).failed {
            failures[side] += 1
          }
        }
      } catch is OutOfBudget {
        break
      }
      guard failures[0] != failures[1] else { break }
      candidates = halves[failures[0] > failures[1] ? 0 : 1]
    }
    return candidates
  }
}
