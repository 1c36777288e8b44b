package import CleanSlate
package import CleanSlateRunner
package import CleanSlateTestProcess

extension SessionResult {
  /// Explains each test that failed (``explained``) by experiments on the package's built tests,
  /// which `launcher` starts as the run did (``ExplainOptions``): what `cleanslate test
  /// --explain` does once the session ended.
  ///
  /// Sends ``SessionEvent/explaining(tests:budget:)``, each experiment's run and each test's
  /// cause (``SessionEvent/explained(test:cause:)``) to `events`; returns the causes.
  ///
  /// With `prior`, each test's explanation goes on from what earlier sessions' experiments on it
  /// saw (``PriorEvidence``), as a store of runs gives it.
  package func explainFailures(
    launcher: TestLauncher, options: ExplainOptions, events: SessionEvents,
    prior: (@Sendable (TestName) async -> PriorEvidence?)? = nil
  ) async throws -> [TestName: TestCause] {
    let runner = SwiftExperimentRunner(
      launcher: launcher, passthrough: options.passthrough, timeLimit: options.timeLimit)
    return try await explainFailures(
      runner: runner, options: options, events: events, prior: prior)
  }

  /// Explains each test that failed (``explained``) by experiments `runner` runs: the tests whose
  /// crashes went through the same code once, with the budget of each
  /// (``explainedTogether(_:tests:)``, up to ``ExplainOptions/mostBudgetsOfAGroup``),
  /// and each test's cause sent to `events` as it is decided; returns the causes.
  package func explainFailures<Runner: ExperimentRunner>(
    runner: Runner, options: ExplainOptions, events: SessionEvents,
    prior: (@Sendable (TestName) async -> PriorEvidence?)? = nil
  ) async throws -> [TestName: TestCause] {
    let failed = explained
    guard !failed.isEmpty else { return [:] }
    let groups = explainedTogether(failed, tests: records.map(\.name))
    events.send(
      .explaining(
        tests: failed.count, budget: options.budget,
        together: groups.filter { $0.count > 1 }.map {
          .init(tests: $0.count, budget: options.budgetOfAGroup(of: $0.count))
        }))
    var explainer = self.explainer(runner: runner, options: options, events: events)
    let runEvidence = evidenceOfTheRun(options: options)
    var causes: [TestName: TestCause] = [:]
    for group in groups {
      let test = records[group[0]].name
      let evidence = runEvidence(test, records[group[0]].attempts)
      explainer.budget = options.budgetOfAGroup(of: group.count)
      let cause = try await explainer.explain(test, evidence: evidence, prior: await prior?(test))
      causes[test] = cause
      events.send(.explained(test: test, cause: cause))
      for other in group.dropFirst().map({ records[$0].name }) {
        causes[other] = cause.sameCrash(as: test)
        events.send(.explained(test: other, cause: causes[other]!))
      }
    }
    return causes
  }

  /// An explainer of this session's tests by `runner`'s runs, with the options' budget and time
  /// limit, its runs and causes sent to `events`.
  func explainer<Runner: ExperimentRunner>(
    runner: Runner, options: ExplainOptions, events: SessionEvents
  ) -> Explainer<Runner> {
    var explainer = Explainer(runner: runner, budget: options.budget)
    explainer.events = events
    explainer.timeLimit = options.timeLimit
    return explainer
  }

  /// What the run saw of a test, given its attempts: the tests of its framework that ran with it,
  /// whether at once, and what each test took — the run's lists made once for every test asked.
  func evidenceOfTheRun(
    options: ExplainOptions
  ) -> (_ test: TestName, _ attempts: [TestRecord.Attempt]) -> RunEvidence {
    let tests = records.map(\.name)
    let durations = Dictionary(
      records.map { ($0.name, $0.seconds) }, uniquingKeysWith: { first, _ in first })
    return { test, attempts in
      var evidence = RunEvidence(
        attempts: attempts, of: test,
        together: tests.filter { $0.isSwiftTesting == test.isSwiftTesting },
        ranAtOnce: options.ranAtOnce(test), processesOfTheirOwn: !test.isSwiftTesting)
      evidence.durations = durations
      return evidence
    }
  }

  /// The records `--explain` explains, by index: each test that failed on its own at least once —
  /// a failure, a time limit, a crash pinned on it — and, for each crash of a test process pinned
  /// on none, the first of the tests it could have been, when none of them is explained already.
  ///
  /// A crash while many tests ran is each of them's failed attempt (crashed, then passed, is
  /// flaky), but it is one crash: it is explained once, not once for every test that was running.
  package var explained: [Int] {
    var chosen: [Int] = []
    for (index, record) in records.enumerated() {
      let own = record.attempts.contains { attempt in
        guard attempt.end.isFailure else { return false }
        guard let crash = attempt.end.crash else { return true }
        return crash.test == record.name
      }
      if own { chosen.append(index) }
    }
    for crash in crashes {
      guard case .notReproduced(let tests) = crash.blame else { continue }
      let indices = tests.compactMap { test in records.firstIndex { $0.name == test } }
      guard !indices.contains(where: chosen.contains), let first = indices.first else { continue }
      chosen.append(first)
    }
    return chosen.sorted()
  }

  /// `indices` (from ``explained``) in groups explained as one: the tests whose crashes went
  /// through the same frames of the code under test (``CrashPaths``) — one race that crashed the
  /// process in different tests — together, the first of each group first; every other test a
  /// group of its own.
  ///
  /// A crash's experiments cost a group of tests a run, and the group's crash is the same whichever
  /// of them it pinned: one explanation with their budgets together decides where each alone
  /// could not.
  package func explainedTogether(_ indices: [Int], tests: [TestName]) -> [[Int]] {
    func crashes(_ index: Int) -> [TestCrash] {
      records[index].attempts.compactMap(\.end.crash).filter { $0.backtrace != nil }
    }
    var groups: [[Int]] = []
    for index in indices {
      let own = crashes(index)
      let joined =
        own.isEmpty
        ? nil
        : groups.firstIndex { group in
          let first = crashes(group[0])
          return !first.isEmpty && !CrashPaths.shared(by: first + own, tests: tests).isEmpty
        }
      if let joined { groups[joined].append(index) } else { groups.append([index]) }
    }
    return groups
  }
}

extension TestCause {
  /// This cause, for a test whose crash went through the same code as `test`'s, which it was
  /// decided for: the same kind, evidence and command, said to be that crash's.
  package func sameCrash(as test: TestName) -> TestCause {
    var cause = self
    cause.summary =
      "Its process crashed through the same code as \(test.listed)'s, explained once for both: \(summary)"
    return cause
  }
}
