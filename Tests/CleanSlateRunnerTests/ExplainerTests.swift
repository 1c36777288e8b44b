import CleanSlate
import CleanSlateReport
import CleanSlateRunner
import Testing

/// `--explain`'s experiments on simulated flaky tests, one of each kind: each is told apart by
/// the runs that decide it, with its evidence, and a test that fails at random is blamed on no
/// factor.
@Suite struct ExplainerTests {
  @Test func aTestThatFailsAfterAnotherIsOrderWithThePolluterAndTheStateItLeft() async throws {
    let runner = SimulatedFlakyTest(
      reason: .order(
        polluter: "Suite.Tests/test4",
        state: [
          "Test 'Tests.test4' left 1 environment variable changed:\n    + LANG=\"fr\" (added)"
        ]
      ))

    let cause = try await explain(runner)

    #expect(cause.kind == .order)
    #expect(cause.polluters == ["Suite.Tests/test4"])
    #expect(cause.state == #"+ LANG="fr" (added)"#)
    #expect(
      cause.summary
        == #"It passes alone (6 of 6 runs) and fails after Suite.Tests/test4 (3 of 3 runs), which leaves state behind: + LANG="fr" (added)."#
    )
    #expect(cause.reproduce == "swift test --filter 'Suite.Tests/test4|Suite.Tests/victim'")
    // (3 alone, every earlier test, bisection's 5 runs, then after it and alone in turn until
    // the difference is significant)
    #expect(cause.runs.count == 13, "\(cause.runs)")
  }

  @Test func stateTheSentinelCannotSeeIsSaidToBeInMemory() async throws {
    let watched = try await explain(
      SimulatedFlakyTest(reason: .order(polluter: "Suite.Tests/test1", state: [])))
    let unwatched = try await explain(
      SimulatedFlakyTest(reason: .order(polluter: "Suite.Tests/test1", state: nil)))

    #expect(watched.state == "in memory; the sentinel sees no change")
    #expect(
      unwatched.state
        == "the sentinel does not watch it (not a CleanSlate test), so what it is cannot be told")
  }

  @Test func aTestWhoseOutcomeFollowsTheSeedNamesAFailingAndAPassingSeed() async throws {
    let cause = try await explain(SimulatedFlakyTest(reason: .seed(failing: [19, 1, 3])))

    #expect(cause.kind == .seed)
    #expect(cause.failingSeed == "19")
    #expect(cause.passingSeed == "2")
    #expect(
      cause.summary
        == "It draws from .seededRandom and its outcome follows the run's seed: it fails with seed 19 (5 of 5 runs) and passes with seed 2 (3 of 3 runs)."
    )
  }

  @Test func aTestWhoseOutcomeFollowsTheTimeZoneNamesTheZonesAndTheFix() async throws {
    let cause = try await explain(SimulatedFlakyTest(reason: .timeZone(passing: ["Asia/Tokyo"])))

    #expect(cause.kind == .timeZone)
    #expect(cause.failingZones == ["UTC", "America/New_York", "Europe/Paris"])
    #expect(cause.passingZones == ["Asia/Tokyo"])
    #expect(
      cause.summary
        == #"Its outcome follows the machine's time zone: it fails in UTC, America/New_York and Europe/Paris and passes in Asia/Tokyo. Give it the zone it expects: try await use(.timeZone("Asia/Tokyo"))."#
    )
  }

  @Test func aTestThatFailsBesideOthersIsParallelOnlyWhenTheRunRanThemAtOnce() async throws {
    let parallel = try await explain(
      SimulatedFlakyTest(reason: .parallel(partner: "Suite.Tests/test2")))
    var serialRunner = SimulatedFlakyTest(reason: .parallel(partner: "Suite.Tests/test2"))
    serialRunner.atOnce = false
    let serial = try await explain(serialRunner)

    #expect(parallel.kind == .parallel)
    #expect(parallel.beside == ["Suite.Tests/test2"])
    #expect(
      parallel.summary
        == "It passes alone and in order (5 of 5 runs), and fails when the tests of its process run at the same time (3 of 3 runs), beside Suite.Tests/test2."
    )
    // (a run that never ran its tests at once is not tried at once)
    #expect(serial.kind == .unknown)
  }

  @Test func aTestThatFailsOnlyWhenTheCPUIsBusyIsLoadWithBothRates() async throws {
    let runner = SimulatedFlakyTest(reason: .load)

    let cause = try await explain(runner)

    #expect(cause.kind == .load)
    #expect(cause.busy == TestCause.Rate(failures: 4, runs: 4))
    #expect(cause.quiet == TestCause.Rate(failures: 0, runs: 4))
    // (busy and quiet runs in turn, so that other processes' load falls on both alike)
    let busy = runner.runs.value.suffix(8).map(\.condition.busy)
    #expect(busy == [false, true, false, true, false, true, false, true])
  }

  @Test func loadFromAnotherProcessIsNotBlamedOnTheTest() async throws {
    // Given a test that fails only while another process holds the machine: four runs in a row,
    // in the middle of the load experiment (runs 9 to 16), quiet and busy alike
    let runner = SimulatedFlakyTest(reason: .busyMachine(window: 10...13))

    let cause = try await explain(runner)

    // Then its busy runs fail no more often than its quiet ones: not load
    #expect(cause.kind == .intrinsic)
    #expect(cause.alone == TestCause.Rate(failures: 2, runs: 7))
  }

  @Test func aTestThatFailsAtRandomIsIntrinsicWithItsRateNotBlamedOnAFactor() async throws {
    let cause = try await explain(SimulatedFlakyTest(reason: .intrinsic))

    #expect(cause.kind == .intrinsic)
    #expect(cause.alone?.runs == 7, "\(cause.runs)")
    #expect(cause.summary.hasPrefix("It fails on its own in "))
  }

  @Test func aTestThatFailsAtRandomIsRarelyBlamedOnAFactor() async throws {
    // Given 200 tests that fail in half their runs, at random
    var blamed: [TestCause.Kind] = []
    for seed in 1...200 as ClosedRange<UInt64> {
      let cause = try await explain(SimulatedFlakyTest(reason: .random(seed: seed)))
      if ![.intrinsic, .unknown, .failing].contains(cause.kind) { blamed.append(cause.kind) }
    }

    // Then at most 2 % of them are blamed on order, seed, time zone, parallel or load
    #expect(blamed.count <= 4, "\(blamed)")
  }

  @Test func aTestThatFailsInEveryRunIsFailingNotFlaky() async throws {
    let cause = try await explain(SimulatedFlakyTest(reason: .failing))

    #expect(cause.kind == .failing)
    #expect(
      cause.summary
        == "It failed in every run (10 of 10), alone and in every time zone tried, the same way: boom. It is a failing test, not a flaky one."
    )
    #expect(cause.paragraph(for: "T/t").first?.hasPrefix("Failing, not flaky: T/t — ") == true)
  }

  @Test func aTestThatNeverFailsAgainOrRunsOutOfBudgetIsUnknownWithWhatWasTried() async throws {
    let never = try await explain(SimulatedFlakyTest(reason: .never))
    var slow = SimulatedFlakyTest(reason: .never)
    slow.duration = .milliseconds(40)
    let outOfTime = try await explain(slow, budget: .milliseconds(100))

    #expect(never.kind == .unknown)
    #expect(
      never.summary
        == "It passed in every run the experiments made: it did not fail again. Tried: alone, order, parallel and load, in 15 runs."
    )
    #expect(outOfTime.kind == .unknown)
    #expect(outOfTime.runs.count < 5)
    #expect(outOfTime.summary.hasPrefix("The budget of 0 s ran out before an experiment decided."))
  }

  @Test func theUnknownLineNamesOnlyTheExperimentsThatMadeARun() async throws {
    // Given a test that never fails again, whose third run takes longer than the budget left
    var slow = SimulatedFlakyTest(reason: .never)
    slow.duration = .seconds(1)
    slow.slowFrom = 3

    // When it is explained, the budget running out after three runs alone
    let cause = try await explain(slow, budget: .milliseconds(500))

    // Then the experiments tried are those that ran: alone, not the order experiment that was
    // to come next
    #expect(cause.kind == .unknown)
    #expect(cause.tried == ["alone"])
    #expect(
      cause.summary
        == "The budget of 0 s ran out before an experiment decided. Tried: alone, in 3 runs.")
  }

  @Test(arguments: [
    (4, 4, 0, 4, true), (3, 4, 0, 4, false), (4, 4, 4, 4, false), (2, 4, 2, 4, false),
  ])
  func loadIsBlamedOnlyForASignificantDifference(
    busyFailures: Int, busyRuns: Int, quietFailures: Int, quietRuns: Int, blamed: Bool
  ) {
    let p = Explainer<SimulatedFlakyTest>.fisherOneSided(
      TestCause.Rate(failures: busyFailures, runs: busyRuns),
      TestCause.Rate(failures: quietFailures, runs: quietRuns))

    #expect((p <= 0.05) == blamed, "p = \(p)")
  }
}
