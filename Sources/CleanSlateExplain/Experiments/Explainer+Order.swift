import CleanSlate
import CleanSlateTestProcess
import Foundation

extension Explainer {
  /// The order experiment: after the earlier tests of its process, one at a time, against alone,
  /// in pairs, until the comparison decides. `nil` unless it fails significantly more often after
  /// them.
  ///
  /// Once it does, halves of the earlier tests are run before it — each as often as its failure
  /// rate after them needs to fail, most likely — to find the one it fails after (or the few),
  /// and the polluter is named only when a second comparison, after it against alone, holds it
  /// up too. The sentinel watches the runs after earlier tests (in warn mode) and names the state
  /// the polluter leaves.
  func order(
    _ trial: Trial<Runner>, evidence: RunEvidence, alpha: Double, lead: Bool = false,
    random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause? {
    trial.begin(.order)
    // The earlier tests of its own suite first, when there are fewer of them: what one test of a
    // suite leaves, the next most often reads.
    let test = trial.test
    let mates = evidence.earlier.filter { $0.suite == test.suite }
    var earlier = mates.isEmpty || mates.count == evidence.earlier.count ? evidence.earlier : mates
    let estimate = evidence.secondsInOrder(earlier + [trial.test]) * 0.75
    guard fits(.order, runs: 4, secondsEach: estimate, trial) else { return nil }
    let patience = evidence.patience(lead: lead)
    let growAfter = evidence.growAfter
    var quiet = 0
    let compared = try await compare(
      trial, alpha: alpha, direction: .moreFailuresWithTheFactor,
      patience: earlier.count < evidence.earlier.count ? patience + growAfter : patience,
      random: &random
    ) { _, last in
      if let last { quiet = last.factorFailed || last.baselineFailed ? 0 : quiet + 1 }
      if quiet >= growAfter, earlier.count < evidence.earlier.count {
        earlier = evidence.earlier
        quiet = 0
      }
      return Arms(factor: RunCondition(.after(earlier), watchesState: true), baseline: .alone)
    }
    guard compared.significant else { return nil }
    let after = RunCondition(.after(earlier), watchesState: true)
    let everyEarlier = orderCause(trial, after: after, polluters: nil)
    guard earlier.count > 1 else { return orderCause(trial, after: after, polluters: earlier) }
    let rate = trial.rate(of: after)
    guard
      let polluters = try? await polluters(among: earlier, trial, rate: rate),
      polluters.count < earlier.count
    else { return everyEarlier }
    // The polluter named holds up in a comparison of its own.
    let afterThem = RunCondition(.after(polluters), watchesState: true)
    guard
      let confirmed = try? await compare(
        trial, alpha: alpha, direction: .moreFailuresWithTheFactor, patience: evidence.patience,
        random: &random,
        next: { _, _ in Arms(factor: afterThem, baseline: .alone) }),
      confirmed.significant
    else { return everyEarlier }
    return orderCause(trial, after: afterThem, polluters: polluters)
  }

  /// The tests among `earlier` that make the test fail when they run before it: halves, each run
  /// before it as often as `rate` needs to fail nine times in ten; the whole when neither half
  /// alone does.
  private func polluters(
    among earlier: [TestName], _ trial: Trial<Runner>, rate: TestCause.Rate
  ) async throws -> [TestName] {
    let chance = max(0.05, Double(rate.failures) / Double(max(1, rate.runs)))
    let tries = min(12, max(1, Int((log(0.1) / log(1 - min(chance, 0.95))).rounded(.up))))
    var candidates = earlier
    while candidates.count > 1 {
      let half = Array(candidates.prefix(candidates.count / 2))
      let other = Array(candidates.dropFirst(candidates.count / 2))
      if try await failsAfter(half, trial, tries: tries) {
        candidates = half
      } else if try await failsAfter(other, trial, tries: tries) {
        candidates = other
      } else {
        break
      }
    }
    return candidates
  }

  /// Whether the test fails in one of `tries` runs after `tests`.
  private func failsAfter(
    _ tests: [TestName], _ trial: Trial<Runner>, tries: Int
  ) async throws
    -> Bool
  {
    let condition = RunCondition(.after(tests), watchesState: true)
    for _ in 0..<tries where try await trial.run(condition).failed { return true }
    return false
  }

  /// The cause: it passes alone and fails after `polluters` (`nil`: after the earlier tests,
  /// which of them not told), which leave the state the sentinel saw.
  private func orderCause(
    _ trial: Trial<Runner>, after: RunCondition, polluters: [TestName]?
  ) -> TestCause {
    let alone = trial.rate(of: .alone)
    let failing = trial.rate(of: after)
    let command = reproduction(of: after, trial)
    guard let polluters else {
      var cause = TestCause(
        .order,
        summary:
          "It passes alone (\(alone.passes)) and fails after the earlier tests of its process (\(failing)); which of them makes it fail could not be told within the budget.",
        reproduce: command)
      cause.alone = alone
      return cause
    }
    let reports = trial.observations.last { $0.condition == after }?.launch.traced?
      .leftBehind(polluters)
    let state = Self.state(left: polluters.map { reports?[$0] })
    let names = Words.list(polluters.map(\.listed))
    var cause = TestCause(
      .order,
      summary:
        "It passes alone (\(alone.passes)) and fails after \(names) (\(failing)), which \(polluters.count == 1 ? "leaves" : "leave") state behind: \(state).",
      reproduce: command)
    cause.polluters = polluters.map(\.listed)
    cause.state = state
    cause.alone = alone
    return cause
  }

  /// What the polluters left, as the sentinel said it, in one line.
  static func state(left reports: [[String]?]) -> String {
    guard reports.contains(where: { $0 != nil }) else {
      return "the sentinel does not watch it (not a CleanSlate test), so what it is cannot be told"
    }
    let items = reports.compactMap { $0 }.flatMap { $0 }.flatMap { report in
      let lines = report.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      return lines.count > 1 ? Array(lines.dropFirst()) : lines
    }
    return items.isEmpty ? "in memory; the sentinel sees no change" : items.joined(separator: "; ")
  }
}
