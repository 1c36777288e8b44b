import CleanSlate
import CleanSlateTestProcess
import Foundation

extension Explainer {
  /// The parallel experiment: a group of the tests of its process at once, against the same group
  /// one at a time, in pairs, until the comparison decides. `nil` unless it fails significantly
  /// more often at once.
  ///
  /// The group starts small when the run says whom to start with (``groups(of:evidence:)``: the
  /// tests running when its process crashed, or the other tests of its suite) and grows, a step at
  /// a time up to every test of its process, each time it ran at once as often as the run's
  /// failure rate needs to fail a few times, without failing (each failure at once gives the group
  /// as many rounds again). The comparison counts every pair,
  /// whatever its group (a factor that makes no difference leaves each disagreeing pair a coin
  /// flip, whichever group ran).
  ///
  /// Each failure at once says which tests ran beside it (its trace, or the tests running when
  /// its process crashed). Once two failures have, the partners that ran beside it in both, when
  /// they are fewer than the group's, become the group at once, and each round adds a third run:
  /// the test at once with the group's other partners. A second comparison, the partners against
  /// the others, names them when it holds them up; when it cannot, or the others failed without
  /// them in as many pairs as it failed with them, the whole group comes back.
  /// Without such sightings, a group of more than three tests is narrowed by halves once the
  /// experiment decides (``namePartners(_:among:group:rate:processes:alpha:patience:random:)``).
  ///
  /// The runs at once are watched by the sentinel (in warn mode), so that the cause can say what
  /// the tests share. Where the tests run at once each in a process of its own (XCTest's under
  /// `swift test --parallel`), the cause is ``TestCause/Kind/parallelProcesses``: what they share
  /// is outside the processes.
  func parallel(
    _ trial: Trial<Runner>, evidence: RunEvidence, alpha: Double, lead: Bool = false,
    random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause? {
    trial.begin(.parallel)
    let test = trial.test
    let processes = evidence.processesOfTheirOwn
    let whole = evidence.together
    var ladder = Self.groups(of: test, evidence: evidence)[...]
    let steps = ladder.count
    var group = ladder.removeFirst()
    // A run at once lasts at least as long as its longest test; what a pair costs is measured
    // once the first ran (the run's durations are inflated when its tests ran at once).
    let estimate = group.compactMap { evidence.durations[$0] }.max() ?? 0
    guard fits(.parallel, runs: 2, secondsEach: estimate, trial) else { return nil }
    func atOnce(_ partners: [TestName]) -> RunCondition {
      RunCondition(
        .atOnce(
          whole.filter { $0 == test || partners.contains($0) }, processesOfTheirOwn: processes),
        watchesState: true)
    }
    // How many rounds a narrowed group gets to fail in before it grows to every test.
    let patience = evidence.patience(lead: lead)
    let growAfter = evidence.growAfter
    // The rounds of the group it runs now, and how many of its runs at once failed.
    var groupRounds = 0
    var groupFailures = 0
    var rounds = 0
    var gate: PairedComparison?
    var naming: PairedComparison?
    var candidates: [TestName]?
    var narrowedOnce = false
    var sightings: [Set<TestName>] = []
    var pinned: [TestName] = []
    // The arms of a round, worked out again only when the group or the candidates change.
    var arms: [RunCondition] = []
    var armsOf: (group: [TestName], candidates: [TestName]?)?
    var partners: [TestName] = []
    // What a round of the arms costs, from the fastest run of each: a run that crashed spends
    // seconds on its backtrace that the next rounds need not, and a round priced at it would
    // give up on pairs the budget still buys (the budget itself stops the runs).
    var fastest: [Int: Double] = [:]
    experiment: while true {
      if armsOf?.group != group || armsOf?.candidates != candidates {
        fastest = [:]
        partners = group.filter { $0 != test }
        let withThem = atOnce(candidates ?? partners)
        arms = [withThem, RunCondition(.inOrder(withThem.tests(with: test)))]
        if let candidates { arms.append(atOnce(partners.filter { !candidates.contains($0) })) }
        armsOf = (group, candidates)
      }
      var ran: [Trial<Runner>.Observation?] = Array(repeating: nil, count: arms.count)
      do {
        for index in arms.indices.shuffled(using: &random) {
          ran[index] = try await trial.run(arms[index])
        }
      } catch is OutOfBudget {
        // The budget is spent: the final tests decide on the rounds that ran.
        let decided = gate?.decision(pairsLeft: 0)
        guard case .significant = decided else { return nil }
        break experiment
      }
      let round = ran.compactMap { $0 }
      for (index, run) in ran.enumerated() {
        guard let run else { continue }
        fastest[index] = min(fastest[index] ?? run.seconds, run.seconds)
      }
      let cost = fastest.values.reduce(0, +)
      let affordable = 1 + Int(trial.secondsLeft / max(cost, 1e-6)) * 3 / 2
      rounds += 1
      if gate == nil {
        gate = PairedComparison(
          alpha: alpha, direction: .moreFailuresWithTheFactor, maximumPairs: affordable)
      }
      gate!.add(factorFailed: round[0].failed, baselineFailed: round[1].failed)
      if round.count == 3 {
        if naming == nil {
          naming = PairedComparison(
            alpha: alpha, direction: .moreFailuresWithTheFactor, maximumPairs: affordable)
        }
        naming!.add(factorFailed: round[0].failed, baselineFailed: round[2].failed)
      }
      if round[0].failed {
        let beside = Set(
          (round[0].launch.traced?.beside(test, among: group) ?? [])
            + (round[0].end.crash?.running ?? []))
        if !beside.isEmpty { sightings.append(beside) }
        if let crashed = round[0].end.crash?.test, crashed != test, !pinned.contains(crashed) {
          pinned.append(crashed)
        }
      }
      // Narrowed by what failures at once saw beside it: the partners a crash's frames pinned,
      // else those that ran beside it in three failures or more.
      if candidates == nil, !narrowedOnce, !pinned.isEmpty || sightings.count >= 3 {
        let always = partners.filter { partner in sightings.allSatisfy { $0.contains(partner) } }
        let seen = pinned.isEmpty ? always : pinned
        if !seen.isEmpty, seen.count < partners.count {
          candidates = seen
          narrowedOnce = true
        }
      }
      // Grown to every test of its process when a smaller group does not fail: each failure at
      // once of the group gives it as many rounds again (a group that fails in a quarter of its
      // runs stays; one whose failure was a fluke does not).
      groupRounds += 1
      if round[0].failed { groupFailures += 1 }
      if let next = ladder.first, candidates == nil, groupRounds >= growAfter * (groupFailures + 1)
      {
        group = next
        ladder.removeFirst()
        groupRounds = 0
        groupFailures = 0
      }
      let left = Int(trial.secondsLeft / max(cost, 1e-6))
      if gate!.forTheFactor + gate!.againstTheFactor == 0, ladder.isEmpty,
        rounds >= patience + growAfter * (steps - 1)
      {
        return nil
      }
      if let named = naming,
        named.decision(pairsLeft: left) == .futile
          || (named.againstTheFactor > 0 && named.againstTheFactor >= named.forTheFactor)
      {
        // The partners seen beside its failures do not hold up, or the others failed without them
        // as often as with them (a race any two of the group's tests make): the whole group
        // again.
        candidates = nil
        naming = nil
      }
      switch gate!.decision(pairsLeft: left) {
      case .futile: return nil
      case .undecided: continue
      case .significant:
        if naming?.decision(pairsLeft: left) == .undecided { continue }
        break experiment
      }
    }
    let confirmed = naming.map { comparison -> Bool in
      if case .significant = comparison.decision(pairsLeft: 0) { return true }
      return false
    }
    return try await parallelCause(
      trial, evidence: evidence, group: group, partners: confirmed == true ? candidates : nil,
      alpha: alpha, random: &random)
  }

  /// The groups the parallel experiment tries, smallest first, each the test with some of the
  /// tests of its process, in the order they ran: when its process crashed in the run, two of
  /// the tests running beside it, then all of them (a crash two tests cause together comes
  /// back in a group of three, whose runs cost a second where a dozen tests' cost ten); else the
  /// other tests of its suite; then those with up to eight tests that ran beside its failures;
  /// then every test. A group too like the one before is left out.
  static func groups(of test: TestName, evidence: RunEvidence) -> [[TestName]] {
    let whole = evidence.together
    let running = evidence.crashes.flatMap(\.running).filter { $0 != test }
    let crashed = Set(running)
    let mates = Set(whole.filter { $0.suite == test.suite && $0 != test })
    let beside = Set(evidence.besideItsFailures.prefix(8))
    var firstTwo: [TestName] = []
    for partner in running where !firstTwo.contains(partner) && firstTwo.count < 2 {
      firstTwo.append(partner)
    }
    let smallest: [Set<TestName>] = crashed.count > 3 ? [Set(firstTwo)] : []
    var ladder: [Set<TestName>] = []
    for partners in smallest + [
      crashed.isEmpty ? mates : crashed, mates.union(beside).union(crashed),
    ]
    where !partners.isEmpty && partners.count < whole.count - 1 {
      if ladder.last.map({ partners.isSuperset(of: $0) && partners.count > $0.count }) ?? true {
        ladder.append(partners)
      }
    }
    return ladder.map { partners in whole.filter { $0 == test || partners.contains($0) } }
      + [whole]
  }

  /// The cause, once the runs at once of `group` failed significantly more often: the tests
  /// beside it (narrowed), what they share, the crash, and the command that reproduces it.
  private func parallelCause(
    _ trial: Trial<Runner>, evidence: RunEvidence, group: [TestName], partners named: [TestName]?,
    alpha: Double, random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause {
    let test = trial.test
    let processes = evidence.processesOfTheirOwn
    let atOnce = trial.runs(of: .parallel).filter(\.condition.atOnce)
    let inOrder = trial.runs(of: .parallel).filter { !$0.condition.atOnce }
    let withFactor = TestCause.Rate(failures: atOnce.count(where: \.failed), runs: atOnce.count)
    let without = TestCause.Rate(failures: inOrder.count(where: \.failed), runs: inOrder.count)
    let failed = atOnce.filter(\.failed)
    var partners = named ?? group.filter { $0 != test }
    if named == nil, partners.count > 3,
      let narrowed = try? await namePartners(
        trial, among: partners, group: group, rate: withFactor, processes: processes,
        alpha: alpha, patience: evidence.patience, random: &random)
    {
      partners = narrowed
    }
    let reproduce = RunCondition(
      .atOnce(
        evidence.together.filter { $0 == test || partners.contains($0) },
        processesOfTheirOwn: processes),
      watchesState: true)
    let beside = partners
    let besideText = beside.isEmpty ? "" : ", beside \(Words.list(beside.map(\.listed)))"
    var summary =
      processes
      ? "It passes when the tests of its run run one at a time (\(without.passes)), and fails when they run at the same time, each in a test process of its own (\(withFactor))\(besideText)."
      : "It passes when the tests of its process run one at a time (\(without.passes)), and fails when they run at the same time (\(withFactor))\(besideText)."
    let crashes = evidence.crashes + failed.compactMap(\.end.crash)
    if let crash = crashes.last {
      summary += " " + Self.crashed(crash, tests: evidence.together)
    }
    let shared = CrashPaths.shared(by: crashes, tests: evidence.together)
    if !shared.isEmpty {
      let through = Words.list(shared.tests.map(\.listed))
      summary +=
        " \(shared.crashCount) crashes went through \(shared.path.joined(separator: " → ")), in \(through): two of these at once crash the process, whichever test is running it."
    }
    let loop = withFactor.failures * 10 < withFactor.runs * 9
    let command = trial.command(of: reproduce) ?? failed.last?.launch.command
    var cause = TestCause(
      processes ? .parallelProcesses : .parallel, summary: summary,
      reproduce: command.map { loop ? "while \($0); do :; done" : "\($0)" } ?? "")
    cause.beside = beside.map(\.listed)
    cause.sharedFrames = shared.path
    cause.shared = SharedResource.described(
      in: failed.map {
        (
          $0.launch.traced?.leftBehind([test] + beside) ?? [:], $0.end.failure,
          $0.launch.temporaryDirectory
        )
      },
      of: [test] + beside, acrossProcesses: processes,
      crashPath: shared.isEmpty ? nil : shared.path)
    cause.atOnce = withFactor
    cause.oneAtATime = without
    return cause
  }

  /// The partners without which the test does not fail at once, named only when a comparison
  /// holds them up: the test with them at once against the test with the other partners at once,
  /// in pairs. The candidates are the half of `partners` that failed more often when halves ran
  /// at once with it in turn, narrowed as far as a third of the budget left allows. `nil` when
  /// the halves failed alike, or the comparison does not hold them up.
  func namePartners(
    _ trial: Trial<Runner>, among partners: [TestName], group: [TestName],
    rate: TestCause.Rate, processes: Bool, alpha: Double, patience: Int,
    random: inout SeededRandomNumberGenerator
  ) async throws -> [TestName]? {
    let test = trial.test
    func atOnce(_ partners: [TestName]) -> RunCondition {
      RunCondition(
        .atOnce(
          group.filter { $0 == test || partners.contains($0) }, processesOfTheirOwn: processes),
        watchesState: true)
    }
    let candidates = try await halve(partners, trial, rate: rate, condition: atOnce)
    guard !candidates.isEmpty, candidates.count < partners.count else { return nil }
    let others = partners.filter { !candidates.contains($0) }
    let confirmed = try await compare(
      trial, alpha: alpha, direction: .moreFailuresWithTheFactor, patience: patience,
      random: &random
    ) { _, _ in Arms(factor: atOnce(candidates), baseline: atOnce(others)) }
    return confirmed.significant ? candidates : nil
  }

  /// The half of `candidates` that failed more often at once with the test, halved again while
  /// one half fails more, within a third of the budget left: halves run in turn, as often as the
  /// failure rate at once needs to tell them apart.
  private func halve(
    _ candidates: [TestName], _ trial: Trial<Runner>, rate: TestCause.Rate,
    condition: ([TestName]) -> RunCondition
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
      for _ in 0..<rounds where abs(failures[0] - failures[1]) < 2 {
        for side in 0..<2 where try await trial.run(condition(halves[side])).failed {
          failures[side] += 1
        }
      }
      guard failures[0] != failures[1] else { break }
      candidates = halves[failures[0] > failures[1] ? 0 : 1]
    }
    return candidates
  }

  /// A crash of the runs at once, in a sentence: how the process ended, its fatal error, and the
  /// crashed thread's frame that pins it (or its first meaningful one).
  static func crashed(_ crash: TestCrash, tests: [TestName]) -> String {
    var sentence = "Its test process crashed, \(crash.ending)"
    if let fatalError = crash.backtrace?.fatalErrorMessage { sentence += ": \(fatalError)" }
    let frames = crash.backtrace?.frames ?? []
    let frame: CrashBacktrace.Frame? =
      if case .frame(let pinning) = crash.evidence {
        pinning
      } else {
        frames.first {
          CrashPaths.isCodeUnderTest($0, testFunctions: CrashPaths.testFunctions(tests))
        }
          ?? frames.first(where: \.isMeaningful)
      }
    if let frame { sentence += "; in \(frame.briefText)" }
    return sentence + "."
  }
}
