package import CleanSlate
package import CleanSlateTestProcess

/// Finds the earlier tests that make a victim fail: the smallest set, assuming that running
/// more of the earlier tests never makes it pass again.
///
/// It runs the victim alone (it must pass), then searches for the shortest run of the earlier
/// tests, in order, after which the victim fails: the last test of that run is needed. If that
/// test makes the victim fail on its own, it is the polluter; if not, the search goes on among
/// the tests before it, with it kept in every run, until the set found makes the victim fail.
///
/// With one polluter among `n` earlier tests, that is 1 + ⌈log₂(n + 1)⌉ + 1 runs at most (the
/// last one is skipped when the polluter is the first test): 10 for a suite of 200 tests. The
/// run with every earlier test is one of the search's runs, not one more; if it passes, there
/// is nothing to find.
package struct Bisection<Launcher: TestLaunching> {
  /// What launches each step.
  package let launcher: Launcher
  package let victim: TestName
  /// The tests that run before the victim, in order.
  package let earlier: [TestName]
  /// Hears about each run as it ends.
  package var progress: @Sendable (Step) -> Void = { _ in }

  /// One run of the search.
  package struct Step: Sendable {
    /// Its number, from 1.
    package var number: Int
    /// The earlier tests it ran before the victim.
    package var tests: [TestName]
    /// Whether the victim passed.
    package var victimPassed: Bool
  }

  /// What the search found.
  package struct Result: Sendable {
    /// The polluting tests, in run order.
    package var polluters: [TestName]
    /// How many times the tests were run.
    package var runs: Int
    /// The run of the polluters and the victim (where the victim failed).
    package var failingRun: Launch
  }

  package init(launcher: Launcher, victim: TestName, earlier: [TestName]) {
    self.launcher = launcher
    self.victim = victim
    self.earlier = earlier
  }

  package func run() async throws -> Result {
    guard !earlier.isEmpty else {
      throw BisectError(
        .nothingRunsBefore, "No test runs before \(victim): nothing can have polluted it.")
    }
    var runs = 0
    func attempt(_ tests: some Collection<TestName>) async throws -> Launch {
      runs += 1
      let launch = try await launcher.launch(Array(tests) + [victim])
      progress(Step(number: runs, tests: Array(tests), victimPassed: passed(launch)))
      return launch
    }

    let victimAlone = try await attempt([])
    guard passed(victimAlone) else {
      var message = "\(victim) fails when it runs alone"
      if let why = victimAlone.endOrUnfinished(of: victim).failure { message += ": \(why)" }
      message += ". No other test makes it fail."
      message += " Run it alone to see why:\n  \(victimAlone.command)"
      throw BisectError(.failsAlone, message)
    }
    // The shortest run of earlier tests after which the victim fails; `earlier.count + 1`
    // stands for "none", so the run of every earlier test is one of the search's steps.
    let first = try await shortestFailingPrefix(
      of: earlier[...], count: earlier.count + 1, keeping: [], attempt: attempt)
    guard first.length <= earlier.count, var failing = first.outcome else {
      throw BisectError(
        .passesAfterEveryTest,
        "\(victim) passes after all \(earlier.count) tests that run before it, one at a time: there is nothing to find. If it fails only when tests run in parallel, watch the run with CLEANSLATE_SENTINEL=1 to see what each test leaves behind."
      )
    }
    var polluters = [earlier[first.length - 1]]
    var context = earlier[..<(first.length - 1)]
    while !context.isEmpty {
      let alone = try await attempt(polluters)
      if !passed(alone) {
        failing = alone
        break
      }
      // The polluters need company: find the next test they need, among those before them.
      let next = try await shortestFailingPrefix(
        of: context, count: context.count, keeping: polluters, attempt: attempt)
      polluters.insert(context[context.startIndex + next.length - 1], at: 0)
      failing = next.outcome ?? failing
      context = context.prefix(next.length - 1)
    }
    return Result(polluters: polluters, runs: runs, failingRun: failing)
  }

  /// The smallest `length` in `1...count` such that the victim fails after `tests.prefix(length)`
  /// followed by `kept`, by binary search; `count` itself is assumed to fail without a run (it
  /// is either known to, or stands for "none"). Returns the outcome of the run of that length,
  /// when there was one.
  private func shortestFailingPrefix(
    of tests: ArraySlice<TestName>, count: Int, keeping kept: [TestName],
    attempt: (ArraySlice<TestName>) async throws -> Launch
  ) async throws -> (length: Int, outcome: Launch?) {
    var low = 1
    var high = count
    var outcomes: [Int: Launch] = [:]
    while low < high {
      let middle = (low + high) / 2
      let outcome = try await attempt(tests.prefix(middle) + kept)
      if passed(outcome) {
        low = middle + 1
      } else {
        outcomes[middle] = outcome
        high = middle
      }
    }
    return (low, outcomes[low])
  }

  /// Whether the victim ran and passed in `launch`.
  private func passed(_ launch: Launch) -> Bool { launch.endOrUnfinished(of: victim).passed }
}
