import CleanSlate
import CleanSlateTestProcess
import Foundation

extension Explainer {
  // MARK: - Seed

  /// The seed experiment, for a test that draws from `.seededRandom`: a seed it failed with
  /// against one it passed with, alone, in pairs. `nil` unless it fails significantly more often
  /// with the first.
  func seed(
    _ trial: Trial<Runner>, alpha: Double, random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause? {
    trial.begin(.seed)
    var failing = trial.observations.first { $0.failed }?.launch.traced?.seed(of: trial.test)
      .flatMap(UInt64.init)
    var passing = trial.observations.first { !$0.failed && $0.condition == .alone }?.launch
      .traced?.seed(of: trial.test).flatMap(UInt64.init)
    for candidate in 1...8 as ClosedRange<UInt64> where failing == nil || passing == nil {
      guard candidate != failing, candidate != passing else { continue }
      let run = try await trial.run(RunCondition(seed: candidate))
      if run.failed { failing = failing ?? candidate } else { passing = passing ?? candidate }
    }
    guard let failing, let passing, failing != passing else { return nil }
    let fails = RunCondition(seed: failing)
    let passes = RunCondition(seed: passing)
    let compared = try await compare(
      trial, alpha: alpha, direction: .moreFailuresWithTheFactor, patience: 6, random: &random
    ) { _, _ in Arms(factor: fails, baseline: passes) }
    guard compared.significant else { return nil }
    var cause = TestCause(
      .seed,
      summary:
        "It draws from .seededRandom and its outcome follows the run's seed: it fails with seed \(failing) (\(trial.rate(of: fails))) and passes with seed \(passing) (\(trial.rate(of: passes).passes)).",
      reproduce: reproduction(of: fails, trial))
    cause.failingSeed = String(failing)
    cause.passingSeed = String(passing)
    return cause
  }

  // MARK: - Time zone

  /// The time-zone experiment, for a test that failed in every run: once in each of a few zones
  /// other than the machine's, then, when it passed in one, a zone it failed in against that one,
  /// in pairs. `nil` unless it fails significantly more often in the first.
  func timeZone(
    _ trial: Trial<Runner>, alpha: Double, random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause? {
    trial.begin(.timeZone)
    var failing: [String] = [machineZone]
    var passing: [String] = []
    let machine = TimeZone(identifier: machineZone)
    for zone in zones.filter({ !Self.sameRules($0, machine) }) {
      let run = try await trial.run(RunCondition(timeZone: zone))
      if run.failed { failing.append(zone) } else { passing.append(zone) }
    }
    guard let passed = passing.first else { return nil }
    let fails = RunCondition(timeZone: machineZone)
    let passes = RunCondition(timeZone: passed)
    let compared = try await compare(
      trial, alpha: alpha, direction: .moreFailuresWithTheFactor, patience: 6, random: &random
    ) { _, _ in Arms(factor: fails, baseline: passes) }
    guard compared.significant else { return nil }
    var cause = TestCause(
      .timeZone,
      summary:
        "Its outcome follows the machine's time zone: it fails in \(Words.list(failing)) and passes in \(Words.list(passing)). Give it the zone it expects: try await use(.timeZone(\"\(passed)\")).",
      reproduce: reproduction(of: fails, trial))
    cause.failingZones = failing
    cause.passingZones = passing
    return cause
  }

  /// Whether `zone` keeps the clock of `other` (`UTC` and `Etc/UTC`): the same offset from UTC in
  /// January and in July.
  static func sameRules(_ zone: String, _ other: TimeZone?) -> Bool {
    guard let other, let zone = TimeZone(identifier: zone) else { return false }
    let january = Date(timeIntervalSince1970: 1_767_225_600)
    let july = Date(timeIntervalSince1970: 1_782_864_000)
    return [january, july].allSatisfy {
      zone.secondsFromGMT(for: $0) == other.secondsFromGMT(for: $0)
    }
  }

  // MARK: - Load

  /// The load experiment: alone with every core held busy by threads of `cleanslate`, against
  /// alone and quiet, in pairs (load from other processes falls on both alike). `nil` unless it
  /// fails significantly more often busy.
  func load(
    _ trial: Trial<Runner>, evidence: RunEvidence, alpha: Double, lead: Bool = false,
    random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause? {
    trial.begin(.load)
    let busy = RunCondition(busy: true)
    let estimate = (evidence.meanAttempt ?? 0) * 1.5
    guard fits(.load, runs: 4, secondsEach: estimate, trial) else { return nil }
    let compared = try await compare(
      trial, alpha: alpha, direction: .moreFailuresWithTheFactor,
      patience: evidence.patience(lead: lead), random: &random
    ) { _, _ in Arms(factor: busy, baseline: .alone) }
    guard compared.significant else { return nil }
    let busyRate = trial.rate(of: busy)
    let quiet = trial.rate { $0.experiment == .load && $0.condition == .alone }
    var cause = TestCause(
      .load,
      summary:
        "It fails more often when the machine is busy: \(busyRate) with every core held by other threads, \(quiet) without. Look for a time limit or a sleep that assumes a quiet machine: await the work itself instead (track it with a WorkTracker, then try await work.waitUntilIdle()).",
      reproduce: reproduction(of: busy, trial))
    cause.busy = busyRate
    cause.quiet = quiet
    return cause
  }
}
