internal import CleanSlateBisect
package import CleanSlateReport
internal import CleanSlateTestProcess
import Foundation

/// Tells why a test failed in a run, by experiments: it runs the test again under conditions it
/// controls, one factor at a time, and stops at the first experiment that decides.
///
/// 1. **Alone**, three times, as the machine runs it. Whether it drew from `.seededRandom`, and
///    with which seed, comes from the runs' traces.
/// 2. **Seed**, when it drew from `.seededRandom`: one seed after another until one fails and one
///    passes.
/// 3. **Hash order**, first when it failed in every run alone but not the same way, else once its
///    outcome varied from run to run: with `SWIFT_DETERMINISTIC_HASHING=1`, each run followed by
///    one without, until the outcome with it is constant and differs from the outcome without.
/// 4. **Time zone**, when it failed in every run alone: once in the machine's zone (it must fail
///    there again), then once in each of a few others, until some fail and others pass. Then it
///    runs twice more alone, and once with deterministic hashing (a test comparing a `Set`'s order
///    fails in most processes, and may pass with it), before it is called failing.
/// 5. **Order**, when it passed every run alone: after the earlier tests of its process, one at a
///    time. When it fails there, ``Bisection`` finds the polluters; the sentinel watches those
///    runs (in warn mode) and names the state they leave.
/// 6. **Parallel**, when it passed alone and in order and the run being explained ran its
///    process's tests at the same time: with them at once, three times, and in order once more.
///    The tests that ran beside it (from the traces) are narrowed to those of its suite when they
///    alone make it fail; what they share comes from the sentinel, which watches the runs at once,
///    or from the failure. Tests that run at once each in a process of their own (XCTest's under
///    `--parallel`) are **parallel across processes**.
/// 7. **Load**: four runs alone with every core held busy by threads of `cleanslate`, interleaved
///    with four without, so that load from other processes falls on both alike.
/// 8. Otherwise: a test that failed in every run is **failing**, not flaky; one that failed in
///    some runs alone fails **intrinsically**, at that rate; one that never failed again, or
///    whose budget ran out, is **unknown**, with the experiments that ran.
///
/// A factor is named only when the test fails significantly more often with it than without (a
/// one-sided Fisher exact test at 2 %): the runs of both sides are counted, and the two are run
/// in turn, a few more times at most, until the difference is significant. A test that fails at
/// random, in half its runs, is blamed on a factor about once in fifty.
package struct Explainer<Runner: ExperimentRunner>: Sendable {
  /// What runs the tests.
  package let runner: Runner
  /// How long the experiments of one test may take; a run is not started after it.
  package var budget: Duration
  /// The zones the time-zone experiment tries, after the machine's.
  package var zones = ["UTC", "America/New_York", "Europe/Paris", "Asia/Tokyo"]
  /// The machine's time zone: `TZ`, or the system's.
  package var machineZone = TimeZone.current.identifier
  /// Called after each run.
  package var progress: @Sendable (_ test: String, _ run: TestCause.Run) -> Void = { _, _ in }

  /// An explainer that runs tests with `runner`, `budget` for each test.
  package init(runner: Runner, budget: Duration = .seconds(60)) {
    self.runner = runner
    self.budget = budget
  }

  /// Why `test` failed: `earlier` are the tests of its process that ran before it, `together`
  /// every test of its process in the run (it among them), in the order they ran.
  package func explain(
    _ test: String, earlier: [String], together: [String]
  ) async throws -> TestCause {
    let trial = Trial(
      test: test, runner: runner, deadline: ContinuousClock.now + budget, progress: progress)
    var cause: TestCause
    do {
      cause = try await decide(trial, earlier: earlier, together: together)
    } catch is OutOfBudget {
      cause = trial.unknown(
        "The budget of \(Int(budget.components.seconds)) s ran out before an experiment decided.")
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      cause = trial.unknown("An experiment could not run: \(error).")
    }
    cause.runs = trial.runs
    cause.seconds = trial.elapsedSeconds
    cause.testCase = trial.testCase
    return cause
  }

  private func decide(
    _ trial: Trial<Runner>, earlier: [String], together: [String]
  ) async throws -> TestCause {
    trial.tried("alone")
    var alone: [ExperimentRun] = []
    for _ in 0..<3 { alone.append(try await trial.run([trial.test], "alone")) }
    if alone.contains(where: \.drewFromSeededRandom) {
      trial.tried("seed")
      if let cause = try await seed(trial, alone: alone) { return cause }
    }
    let aloneFailures = alone.count(where: { !$0.passed })
    var hashTried = false
    if aloneFailures == alone.count {
      // Failures that differ from run to run: what it compared came out differently.
      if Set(alone.compactMap(\.failure)).count > 1 {
        hashTried = true
        trial.tried("hash order")
        if let cause = try await hashOrder(trial) { return cause }
      }
      trial.tried("time zone")
      if let cause = try await timeZone(trial) { return cause }
      for _ in 0..<2 { alone.append(try await trial.run([trial.test], "alone")) }
      // A test that compares a Set's or a Dictionary's order fails in most processes: one run
      // with deterministic hashing, which may pass, before it is called failing.
      _ = try await trial.run(
        [trial.test], Self.deterministicAlone, condition: .init(deterministicHashing: true))
      if trial.runs.allSatisfy({ !$0.passed }) { return trial.failing(alone) }
    }
    if !hashTried, trial.runs.contains(where: \.passed), trial.runs.contains(where: { !$0.passed })
    {
      hashTried = true
      trial.tried("hash order")
      if let cause = try await hashOrder(trial) { return cause }
    }
    if aloneFailures == 0 {
      if !earlier.isEmpty {
        trial.tried("order")
        if let cause = try await order(trial, earlier: earlier) {
          return cause
        }
      }
      if together.count > 1, runner.ranAtOnce(trial.test) {
        trial.tried("parallel")
        if let cause = try await parallel(trial, together: together) {
          return cause
        }
      }
    }
    trial.tried("load")
    let (cause, quiet) = try await load(trial)
    if let cause { return cause }
    let rate = TestCause.Rate(
      failures: alone.count(where: { !$0.passed }) + quiet.failures,
      runs: alone.count + quiet.runs)
    if !hashTried, rate.failures > 0, rate.failures < rate.runs {
      trial.tried("hash order")
      if let cause = try await hashOrder(trial) { return cause }
    }
    guard rate.failures > 0 else {
      let others = trial.rate { !$0.passed }
      return trial.unknown(
        others.failures == 0
          ? "It passed in every run the experiments made: it did not fail again."
          : "It never failed alone, and failed in \(Self.count(others.failures, "run")) with other tests without a significant difference to tell why."
      )
    }
    return trial.intrinsic(rate)
  }

  // MARK: - Seed

  /// The seed experiment: `nil` unless a seed fails significantly more often than another.
  private func seed(
    _ trial: Trial<Runner>, alone: [ExperimentRun]
  ) async throws -> TestCause? {
    var failing = alone.first { !$0.passed }?.seed.flatMap(UInt64.init)
    var passing: UInt64?
    for candidate in 1...8 as ClosedRange<UInt64> where failing == nil || passing == nil {
      guard candidate != failing else { continue }
      let run = try await trial.run(
        [trial.test], "alone, CLEANSLATE_SEED=\(candidate)", seed: candidate)
      if run.passed { passing = passing ?? candidate } else { failing = failing ?? candidate }
    }
    guard let failing, let passing else { return nil }
    // The runs alone that drew from the failing seed count on its side.
    let drewFailing = alone.filter { $0.seed == String(failing) }
    var fails = Arm(
      [trial.test], "alone, CLEANSLATE_SEED=\(failing)", .init(seed: failing),
      rate: trial.rate(of: "alone, CLEANSLATE_SEED=\(failing)")
        + TestCause.Rate(
          failures: drewFailing.count(where: { !$0.passed }), runs: drewFailing.count))
    var passes = Arm(
      [trial.test], "alone, CLEANSLATE_SEED=\(passing)", .init(seed: passing),
      rate: trial.rate(of: "alone, CLEANSLATE_SEED=\(passing)"))
    guard try await significant(trial, &fails, &passes) else { return nil }
    var cause = TestCause(
      .seed,
      summary:
        "It draws from .seededRandom and its outcome follows the run's seed: it fails with seed \(failing) (\(fails.rate)) and passes with seed \(passing) (\(passes.rate.passes)).",
      reproduce: trial.command(of: fails.what))
    cause.failingSeed = String(failing)
    cause.passingSeed = String(passing)
    return cause
  }

  // MARK: - Time zone

  /// The time-zone experiment: `nil` unless it fails in the machine's zone again and in some
  /// zones but not in others, significantly.
  private func timeZone(_ trial: Trial<Runner>) async throws -> TestCause? {
    var failing: [String] = []
    var passing: [String] = []
    var failingCommand: SwiftTestInvocation?
    let machine = TimeZone(identifier: machineZone)
    for zone in [machineZone] + zones.filter({ !Self.sameRules($0, machine) }) {
      let run = try await trial.run([trial.test], "alone, TZ=\(zone)", timeZone: zone)
      // Passing in the machine's zone, where it failed alone: the zone does not decide.
      if zone == machineZone, run.passed { return nil }
      if run.passed { passing.append(zone) } else { failing.append(zone) }
      if !run.passed && failingCommand == nil { failingCommand = run.command }
    }
    guard let failed = failing.first, let passed = passing.first else { return nil }
    // The runs alone, in the machine's zone, count on its side.
    var fails = Arm(
      [trial.test], "alone, TZ=\(failed)", .init(timeZone: failed),
      rate: trial.rate(of: "alone, TZ=\(failed)")
        + (failed == machineZone ? trial.rate(of: "alone") : TestCause.Rate(failures: 0, runs: 0)))
    var passes = Arm(
      [trial.test], "alone, TZ=\(passed)", .init(timeZone: passed),
      rate: trial.rate(of: "alone, TZ=\(passed)"))
    guard try await significant(trial, &fails, &passes) else { return nil }
    var cause = TestCause(
      .timeZone,
      summary:
        "Its outcome follows the machine's time zone: it fails in \(Self.list(failing)) and passes in \(Self.list(passing)). Give it the zone it expects: try await use(.timeZone(\"\(passed)\")).",
      reproduce: failingCommand.map { "\($0)" } ?? "")
    cause.failingZones = failing
    cause.passingZones = passing
    return cause
  }

  /// Whether `zone` keeps the clock of `other` (`UTC` and `Etc/UTC`): the same offset from UTC in
  /// January and in July.
  private static func sameRules(_ zone: String, _ other: TimeZone?) -> Bool {
    guard let other, let zone = TimeZone(identifier: zone) else { return false }
    let january = Date(timeIntervalSince1970: 1_767_225_600)
    let july = Date(timeIntervalSince1970: 1_782_864_000)
    return [january, july].allSatisfy {
      zone.secondsFromGMT(for: $0) == other.secondsFromGMT(for: $0)
    }
  }

  // MARK: - Order

  /// The order experiment: `nil` unless the test fails after earlier tests of its process,
  /// bisection finds the ones it needs, and it fails after them significantly more often than
  /// alone.
  private func order(_ trial: Trial<Runner>, earlier: [String]) async throws -> TestCause? {
    let watched = ExperimentCondition(watchesState: true)
    let all = try await trial.run(
      earlier + [trial.test],
      earlier.count == 1 ? "after the earlier test" : "after the \(earlier.count) earlier tests",
      condition: watched)
    guard !all.passed else { return nil }
    let result: Bisection<TrialRunner<Runner>>.Result
    do {
      result = try await Bisection(
        runner: TrialRunner(trial: trial), victim: trial.test, earlier: earlier
      ).run()
    } catch is BisectError {
      return nil
    }
    let after = "after \(Self.list(result.polluters))"
    var fails = Arm(
      result.polluters + [trial.test], after, watched, rate: trial.rate(of: after))
    var passes = Arm([trial.test], "alone", .init(), rate: trial.rate(of: "alone"))
    guard try await significant(trial, &fails, &passes) else { return nil }
    let state = Self.state(left: result.polluters.map { trial.lastRun(of: after)?.leftBehind[$0] })
    var cause = TestCause(
      .order,
      summary:
        "It passes alone (\(passes.rate.passes)) and fails after \(Self.list(result.polluters)) (\(fails.rate)), which \(result.polluters.count == 1 ? "leaves" : "leave") state behind: \(state).",
      reproduce: trial.command(of: after))
    cause.polluters = result.polluters
    cause.state = state
    return cause
  }

  /// What the polluters left, as the sentinel said it, in one line.
  private static func state(left reports: [[String]?]) -> String {
    guard reports.contains(where: { $0 != nil }) else {
      return "the sentinel does not watch it (not a CleanSlate test), so what it is cannot be told"
    }
    let items = reports.compactMap { $0 }.flatMap { $0 }.flatMap { report in
      let lines = report.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      return lines.count > 1 ? Array(lines.dropFirst()) : lines
    }
    return items.isEmpty ? "in memory; the sentinel sees no change" : items.joined(separator: "; ")
  }

  // MARK: - Load

  /// The load experiment: runs alone, busy and quiet in turn; load when it fails significantly
  /// more often busy. Returns the quiet runs' rate either way.
  private func load(_ trial: Trial<Runner>) async throws -> (TestCause?, TestCause.Rate) {
    var busy = TestCause.Rate(failures: 0, runs: 0)
    var quiet = TestCause.Rate(failures: 0, runs: 0)
    var busyCommand: SwiftTestInvocation?
    for _ in 0..<4 {
      let calm = try await trial.run([trial.test], "alone, CPU quiet")
      quiet.runs += 1
      if !calm.passed { quiet.failures += 1 }
      let loaded = try await trial.run(
        [trial.test], "alone, every core busy", condition: .init(busy: true))
      busy.runs += 1
      if !loaded.passed {
        busy.failures += 1
        busyCommand = busyCommand ?? loaded.command
      }
    }
    guard busy.failures > quiet.failures, Self.fisherOneSided(busy, quiet) <= Self.significance
    else {
      return (nil, quiet)
    }
    var cause = TestCause(
      .load,
      summary:
        "It fails more often when the machine is busy: \(busy) with every core held by other threads, \(quiet) without. Look for a time limit or a sleep that assumes a quiet machine: await the work itself instead (track it with a WorkTracker, then try await work.waitUntilIdle()).",
      reproduce: busyCommand.map { "\($0)" } ?? "")
    cause.busy = busy
    cause.quiet = quiet
    return (cause, quiet)
  }

  // MARK: - Significance

  /// The largest chance that failures fall as they did between two conditions while neither
  /// makes a difference, for a condition to be named as the cause.
  package static var significance: Double { 0.02 }

  /// Runs of one condition, with the test's rate in them so far.
  struct Arm {
    var tests: [String]
    var what: String
    var condition: ExperimentCondition
    var rate: TestCause.Rate

    init(
      _ tests: [String], _ what: String, _ condition: ExperimentCondition, rate: TestCause.Rate
    ) {
      self.tests = tests
      self.what = what
      self.condition = condition
      self.rate = rate
    }
  }

  /// Whether the test fails significantly more often in `fails` than in `passes` (a one-sided
  /// Fisher exact test), running each once more in turn, up to `pairs` times, until it does.
  func significant(
    _ trial: Trial<Runner>, _ fails: inout Arm, _ passes: inout Arm, pairs: Int = 3
  ) async throws -> Bool {
    var left = pairs
    while fails.rate.failures <= passes.rate.failures
      || Self.fisherOneSided(fails.rate, passes.rate) > Self.significance
    {
      guard left > 0 else { return false }
      left -= 1
      for arm in [fails, passes] {
        let run = try await trial.run(arm.tests, arm.what, condition: arm.condition)
        let rate = TestCause.Rate(failures: run.passed ? 0 : 1, runs: 1)
        if arm.what == fails.what {
          fails.rate = fails.rate + rate
        } else {
          passes.rate = passes.rate + rate
        }
      }
    }
    return true
  }

  /// The probability of at least `busy.failures` failures among the busy runs when failures fall
  /// on busy and quiet runs alike (one-sided Fisher exact test).
  package static func fisherOneSided(_ busy: TestCause.Rate, _ quiet: TestCause.Rate) -> Double {
    let total = busy.runs + quiet.runs
    let failures = busy.failures + quiet.failures
    func choose(_ n: Int, _ k: Int) -> Double {
      guard k >= 0, k <= n else { return 0 }
      return (0..<k).reduce(1.0) { $0 * Double(n - $1) / Double($1 + 1) }
    }
    let all = choose(total, failures)
    return (busy.failures...min(failures, busy.runs)).reduce(0.0) { sum, count in
      sum + choose(busy.runs, count) * choose(quiet.runs, failures - count) / all
    }
  }

  // MARK: - Words

  /// `a`, `a and b`, `a, b and c`.
  static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }

  /// `1 test`, `3 tests`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
