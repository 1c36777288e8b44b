import CleanSlate
import CleanSlateReport
import CleanSlateTestProcess
import Foundation

extension Explainer {
  /// The parallel experiment: a group of the tests of its process at once, against the same group
  /// one at a time, in pairs, until the comparison decides. `nil` unless it fails significantly
  /// more often at once.
  ///
  /// The group starts small when the run says whom to start with — the tests that ran beside its
  /// failures (from the traces, or running when its process crashed) and the other tests of its
  /// suite — and grows to every test of its process when it ran at once as often as the run's
  /// failure rate needs to fail a few times, without failing. The comparison counts every pair,
  /// whatever its group (a factor that makes no difference leaves each disagreeing pair a coin
  /// flip, whichever group ran). Once it is named, a group of more than three tests is narrowed
  /// by halves, runs at once only, to the tests without which it does not fail.
  ///
  /// The runs at once are watched by the sentinel (in warn mode), so that the cause can say what
  /// the tests share. Where the tests run at once each in a process of its own (XCTest's under
  /// `swift test --parallel`), the cause is ``TestCause/Kind/parallelProcesses``: what they share
  /// is outside the processes.
  func parallel(
    _ trial: Trial<Runner>, evidence: RunEvidence, alpha: Double,
    random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause? {
    trial.begin(.parallel)
    let test = trial.test
    let processes = evidence.processesOfTheirOwn
    let whole = evidence.together
    var group = Self.firstGroup(of: test, evidence: evidence)
    let estimate = max(0.5, evidence.secondsInOrder(group) * 1.5)
    guard fits(.parallel, pairs: 6, costing: estimate, trial) else { return nil }
    // How many runs at once a group gets to fail in, at the run's rate, before it grows.
    let rate = max(Double(evidence.withOthersRate.failures) / Double(max(1, evidence.withOthersRate.runs)), 0.02)
    let patience = max(4, Int((3 / rate).rounded(.up)))
    var sinceGrown = 0
    var failedSinceGrown = 0
    let compared = try await compare(
      trial, alpha: alpha, direction: .moreFailuresWithTheFactor, random: &random
    ) { _, last in
      if let last {
        sinceGrown += 1
        if last.0.failed { failedSinceGrown += 1 }
      }
      if group.count < whole.count, sinceGrown >= patience, failedSinceGrown == 0 {
        group = whole
        sinceGrown = 0
      }
      return Arms(
        factor: RunCondition(.atOnce(group, processesOfTheirOwn: processes), watchesState: true),
        baseline: RunCondition(.inOrder(group)))
    }
    guard compared.significant else { return nil }
    return try await parallelCause(trial, evidence: evidence, group: group)
  }

  /// The group the parallel experiment starts with: every test of its process when they are few
  /// (six or fewer); else the test with the tests beside its failures in the run and the other
  /// tests of its suite, in the order they ran; every test when the run names none.
  static func firstGroup(of test: TestName, evidence: RunEvidence) -> [TestName] {
    let whole = evidence.together
    guard whole.count > 6 else { return whole }
    let beside = Set(evidence.besideItsFailures.prefix(8))
    let mates = whole.filter { $0.suite == test.suite && $0 != test }.prefix(8)
    let partners = beside.union(mates)
    guard !partners.isEmpty else { return whole }
    return whole.filter { $0 == test || partners.contains($0) }
  }

  /// The cause, once the runs at once of `group` failed significantly more often: the tests
  /// beside it (narrowed), what they share, the crash, and the command that reproduces it.
  private func parallelCause(
    _ trial: Trial<Runner>, evidence: RunEvidence, group: [TestName]
  ) async throws -> TestCause {
    let test = trial.test
    let processes = evidence.processesOfTheirOwn
    let atOnce = trial.observations.filter { $0.experiment == .parallel && $0.condition.atOnce }
    let inOrder = trial.observations.filter { $0.experiment == .parallel && !$0.condition.atOnce }
    let withFactor = TestCause.Rate(failures: atOnce.count(where: \.failed), runs: atOnce.count)
    let without = TestCause.Rate(failures: inOrder.count(where: \.failed), runs: inOrder.count)
    var partners = group.filter { $0 != test }
    var reproduce = RunCondition(
      .atOnce(group, processesOfTheirOwn: processes), watchesState: true)
    if partners.count > 3 {
      let narrowed = try? await narrow(
        trial, partners: partners, order: group, rate: withFactor, processes: processes)
      if let narrowed {
        partners = narrowed
        reproduce = RunCondition(
          .atOnce(group.filter { $0 == test || narrowed.contains($0) }, processesOfTheirOwn: processes),
          watchesState: true)
      }
    }
    let failed = trial.observations.filter {
      ($0.experiment == .parallel) && $0.condition.atOnce && $0.failed
    }
    var beside = partners
    if partners.count > 3 {
      // Not narrowed: the tests that ran beside it when it failed, as the traces say.
      let seen = Set(failed.flatMap { $0.launch.traced?.beside(test, among: group) ?? [] })
      if !seen.isEmpty { beside = partners.filter(seen.contains) }
    }
    let besideText = beside.isEmpty ? "" : ", beside \(Words.list(beside.map(\.listed)))"
    var summary =
      processes
      ? "It passes when the tests of its run run one at a time (\(without.passes)), and fails when they run at the same time, each in a test process of its own (\(withFactor))\(besideText)."
      : "It passes when the tests of its process run one at a time (\(without.passes)), and fails when they run at the same time (\(withFactor))\(besideText)."
    let crashes = evidence.crashes + failed.compactMap(\.end.crash)
    if let crash = crashes.last {
      summary += " " + Self.crashed(crash)
    }
    let shared = CrashPaths.shared(by: crashes, tests: evidence.together)
    if !shared.isEmpty {
      let through = Words.list(shared.tests.map(\.listed))
      summary +=
        " \(Words.count(shared.crashCount, "crash")) went through \(shared.path.joined(separator: " → ")), in \(through): two of these at once crash the process, whichever test is running it."
    }
    let loop = withFactor.failures * 10 < withFactor.runs * 9
    let command = trial.command(of: reproduce) ?? failed.last?.launch.command
    var cause = TestCause(
      processes ? .parallelProcesses : .parallel, summary: summary,
      reproduce: command.map { loop ? "while \($0); do :; done" : "\($0)" } ?? "")
    cause.beside = beside.map(\.listed)
    cause.sharedFrames = shared.path
    cause.shared = SharedResource.described(
      in: failed.map { ($0.launch.traced?.leftBehind([test] + beside) ?? [:], $0.end.failure) },
      of: [test] + beside, acrossProcesses: processes,
      crashPath: shared.isEmpty ? nil : shared.path)
    cause.atOnce = withFactor
    cause.oneAtATime = without
    return cause
  }

  /// The partners without which the test does not fail at once: halves of `partners`, each run at
  /// once with the test as often as its failure rate at once needs to fail (most likely), kept
  /// when it fails; `nil` when the budget ran out first, or no half failed alone.
  private func narrow(
    _ trial: Trial<Runner>, partners: [TestName], order: [TestName], rate: TestCause.Rate,
    processes: Bool
  ) async throws -> [TestName]? {
    let chance = max(0.05, Double(rate.failures) / Double(max(1, rate.runs)))
    // Runs of a half that show a failure nine times in ten, when the half holds what it needs.
    let tries = min(12, max(2, Int((log(0.1) / log(1 - min(chance, 0.95))).rounded(.up))))
    let allowance = trial.secondsLeft / 3
    let start = trial.elapsedSeconds
    var candidates = partners
    while candidates.count > 1, trial.elapsedSeconds - start < allowance {
      let half = Array(candidates.prefix(candidates.count / 2))
      let other = Array(candidates.dropFirst(candidates.count / 2))
      if try await failsAtOnce(trial, with: half, order: order, tries: tries, processes: processes) {
        candidates = half
      } else if try await failsAtOnce(
        trial, with: other, order: order, tries: tries, processes: processes)
      {
        candidates = other
      } else {
        // It needs tests of both halves.
        return candidates.count < partners.count ? candidates : nil
      }
    }
    return candidates.count < partners.count ? candidates : nil
  }

  /// Whether the test fails in one of `tries` runs at once with `partners` (in the order `order`
  /// gives them).
  private func failsAtOnce(
    _ trial: Trial<Runner>, with partners: [TestName], order: [TestName], tries: Int,
    processes: Bool
  ) async throws -> Bool {
    let group = order.filter { $0 == trial.test || partners.contains($0) }
    let condition = RunCondition(
      .atOnce(group, processesOfTheirOwn: processes), watchesState: true)
    for _ in 0..<tries where try await trial.run(condition).failed { return true }
    return false
  }

  /// A crash of the runs at once, in a sentence: how the process ended, its fatal error, and the
  /// crashed thread's frame that pins it (or its first meaningful one).
  static func crashed(_ crash: TestCrash) -> String {
    var sentence = "Its test process crashed, \(crash.ending)"
    if let fatalError = crash.backtrace?.fatalErrorMessage { sentence += ": \(fatalError)" }
    let frame: CrashBacktrace.Frame? =
      if case .frame(let pinning) = crash.evidence {
        pinning
      } else {
        crash.backtrace?.frames.first(where: \.isMeaningful)
      }
    if let frame { sentence += "; in \(frame.briefText)" }
    return sentence + "."
  }
}
