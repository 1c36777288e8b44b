import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTestProcess
import Testing

/// `--explain`'s experiments on simulated flaky tests, one of each kind: each is told apart by
/// the runs that decide it, with its evidence, within the default budget at 0.1 s a run.
@Suite struct ExplainerTests {
  @Test func aTestThatFailsAfterAnotherIsOrderWithThePolluterAndTheStateItLeft() async throws {
    // Given a test that fails after test4 of its process, which leaves a variable set, in a run
    // of its process's tests one at a time
    let runner = SimulatedFlakyTest(
      reason: .order(
        polluter: "Suite.Tests/test4",
        state: [
          "Test 'Tests.test4' left 1 environment variable changed:\n    + LANG=\"fr\" (added)"
        ]
      ))

    // When it is explained
    let cause = try await explain(runner, evidence: evidence(atOnce: false))

    // Then it is order: the polluter named, held up by runs after it against runs alone, with
    // the state the sentinel saw it leave
    #expect(cause.kind == .order)
    #expect(cause.polluters == ["Suite.Tests/test4"])
    #expect(cause.state == #"+ LANG="fr" (added)"#)
    let alone = try #require(cause.alone)
    #expect(alone.failures == 0 && alone.runs >= 10)
    #expect(cause.summary.hasPrefix("It passes alone ("))
    #expect(cause.summary.contains("and fails after Suite.Tests/test4 ("), "\(cause.summary)")
    #expect(cause.summary.hasSuffix(#"which leaves state behind: + LANG="fr" (added)."#))
    #expect(
      cause.reproduce == "swift test --no-parallel --filter 'Suite.Tests/test4|Suite.Tests/victim'")
  }

  @Test func stateTheSentinelCannotSeeIsSaidToBeInMemory() async throws {
    let watched = try await explain(
      SimulatedFlakyTest(reason: .order(polluter: "Suite.Tests/test1", state: [])),
      evidence: evidence(atOnce: false))
    let unwatched = try await explain(
      SimulatedFlakyTest(reason: .order(polluter: "Suite.Tests/test1", state: nil)),
      evidence: evidence(atOnce: false))

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
      cause.summary.hasPrefix(
        "It draws from .seededRandom and its outcome follows the run's seed: it fails with seed 19 ("
      ))
    #expect(cause.reproduce.hasPrefix("CLEANSLATE_SEED=19 swift test"))
  }

  @Test func aTestWhoseOutcomeFollowsTheTimeZoneNamesTheZonesAndTheFix() async throws {
    // Given a test that fails in every zone but Tokyo's, and failed in every run of the run
    let cause = try await explain(
      SimulatedFlakyTest(reason: .timeZone(passing: ["Asia/Tokyo"])),
      evidence: evidence(retryPassed: false))

    #expect(cause.kind == .timeZone)
    #expect(cause.failingZones == ["UTC", "America/New_York", "Europe/Paris"])
    #expect(cause.passingZones == ["Asia/Tokyo"])
    #expect(
      cause.summary
        == #"Its outcome follows the machine's time zone: it fails in UTC, America/New_York and Europe/Paris and passes in Asia/Tokyo. Give it the zone it expects: try await use(.timeZone("Asia/Tokyo"))."#
    )
  }

  @Test func aTestThatFailsBesideAnotherIsParallelOnlyWhenTheRunRanThemAtOnce() async throws {
    let parallel = try await explain(
      SimulatedFlakyTest(reason: .parallel(partner: "Suite.Tests/test2")))
    let serial = try await explain(
      SimulatedFlakyTest(reason: .parallel(partner: "Suite.Tests/test2")),
      evidence: evidence(atOnce: false))

    #expect(parallel.kind == .parallel)
    #expect(parallel.beside == ["Suite.Tests/test2"])
    #expect(parallel.oneAtATime?.failures == 0)
    #expect(
      parallel.summary.hasPrefix(
        "It passes when the tests of its process run one at a time ("))
    #expect(parallel.summary.hasSuffix("beside Suite.Tests/test2."))
    // (a run that never ran its tests at once is not tried at once)
    #expect(!serial.tried.contains("parallel"))
    #expect(serial.kind != .parallel)
  }

  @Test func aTestThatFailsOnlyWhenTheCPUIsBusyIsLoadWithBothRates() async throws {
    let runner = SimulatedFlakyTest(reason: .load())

    let cause = try await explain(runner)

    #expect(cause.kind == .load)
    #expect(cause.quiet?.failures == 0)
    #expect(cause.busy?.failures == cause.busy?.runs)
    // (busy and quiet runs in pairs, in an order drawn for each pair, so that other processes'
    // load falls on both alike)
    let load = runner.runs.value.map(\.condition).suffix(20)
    #expect(load.filter(\.busy).count == 10)
    #expect(load.map(\.busy) != Array(repeating: [false, true], count: 10).flatMap { $0 })
  }

  @Test func loadFromAnotherProcessIsNotBlamedOnTheTest() async throws {
    // Given a test that fails only while another process holds the machine: eight runs in a
    // row, busy and quiet alike
    let runner = SimulatedFlakyTest(reason: .busyMachine(window: 3...10))

    let cause = try await explain(runner)

    // Then no factor is named
    #expect([.intrinsic, .unknown].contains(cause.kind), "\(cause.kind): \(cause.summary)")
  }

  @Test func aTestThatFailsInEveryRunIsFailingNotFlakyAfterEnoughRuns() async throws {
    // Given a test that failed in both its runs of the run, and fails every time
    let cause = try await explain(
      SimulatedFlakyTest(reason: .failing), evidence: evidence(retryPassed: false))

    // Then it is failing, decided within a few runs: the run's two and three alone make five,
    // then each zone and deterministic hashing could not make it pass
    #expect(cause.kind == .failing)
    #expect(cause.runs.count < 20, "\(cause.runs.count)")
    #expect(cause.summary.hasPrefix("It failed in every run ("))
    #expect(cause.summary.contains("2 in the run, "))
    #expect(cause.summary.hasSuffix("the same way: boom. It is a failing test, not a flaky one."))
    #expect(cause.paragraph(for: "T/t").first?.hasPrefix("Failing, not flaky: T/t — ") == true)
  }

  @Test func aTestThatFailedEveryAttemptOfTheRunButPassesInAnExperimentsRunIsNeverCalledFailing()
    async throws
  {
    for seed in UInt64(1)...12 {
      // Given a test that failed in both its runs of the run, and fails in nine runs of ten
      let runner = SimulatedFlakyTest(reason: .random(rate: 0.9), seed: seed)

      // When it is explained
      let cause = try await explain(runner, evidence: evidence(retryPassed: false))

      // Then a verdict that it fails every time comes only from runs that all failed
      let passed = cause.runs.contains(where: \.passed)
      #expect(
        !(cause.kind == .failing && passed), "seed \(seed): \(cause.kind): \(cause.summary)")
      #expect(
        !(passed && cause.summary.contains("It failed in every run")),
        "seed \(seed): \(cause.summary)")
    }
  }

  @Test func aTestThatHangsEveryTimeIsAHangFromTheRunsItTakesNotAnUnknown() async throws {
    // Given a test that timed out at 20 s in both runs of the run, and hangs every time
    var runner = SimulatedFlakyTest(reason: .hang)
    runner.secondsPerRun = .seconds(20)
    let hung = TestEnd(
      .timedOut, failure: "timed out after 20 seconds",
      report: [
        "  Where each thread of its test process (pid 42) was:",
        "    Thread 1 (LWP 42) \"Tests\":",
        "      #0  waitid in libc.so.6",
        "      #1  _subprocess_fork_exec at /src/Subprocess/Linux.swift:80",
        "      #2  Subprocess.run(_:) at /src/Subprocess/Run.swift:12",
        "      #3  Tests.victim() at /src/Tests.swift:9",
        "      #4  closure #1 in Runner.run() in libTesting.so",
      ])

    // When it is explained with the default budget
    let cause = try await explain(runner, evidence: evidence(end: hung, retryPassed: false))

    // Then it hangs: five runs of five timed out, with where it hung; the experiments that cannot
    // fit the budget are said, not run
    #expect(cause.kind == .hang)
    #expect(cause.runs.count == 3)
    #expect(cause.alone == TestCause.Rate(failures: 5, runs: 5))
    #expect(
      cause.hungIn == [
        "waitid", "_subprocess_fork_exec", "Subprocess.run(_:)", "Tests.victim()",
      ])
    #expect(
      cause.summary.hasPrefix(
        "It timed out in every run (5 of 5: 2 in the run and 3 alone), timed out after 20 seconds: it hangs, every time; it is not flaky. It hung in waitid ← _subprocess_fork_exec ← Subprocess.run(_:) ← Tests.victim()."
      ), "\(cause.summary)")
    #expect(
      cause.summary.contains("Not tried: time zone (a run of it costs about 20"),
      "\(cause.summary)")
  }

  @Test func aTestThatHangsNowAndThenAloneIsIntrinsicWithWhereItHung() async throws {
    // Given a test run alone in its process that hung (at 20 s) in 14 of 50 attempts of the run,
    // its other runs 0.2 s, and that hangs in a quarter of its runs whatever the conditions
    var runner = SimulatedFlakyTest(reason: .hangAtRandom(rate: 0.25))
    runner.secondsPerRun = .milliseconds(200)
    let hung = TestEnd(
      .timedOut, seconds: 20, failure: "timed out after 20 seconds",
      report: [
        "  Where each thread of its test process (pid 42) was:",
        "    Thread 1 (LWP 42) \"Tests\":",
        "      #0  read in libc.so.6",
        "      #1  _subprocess_fork_exec at /src/Subprocess/Linux.swift:80",
        "      #2  Tests.victim() at /src/Tests.swift:9",
      ])
    let attempts: [TestRecord.Attempt] = (1...50).map { index in
      .init(
        repetition: index,
        end: index % 7 == 0 || index % 11 == 0 ? hung : TestEnd(.passed, seconds: 0.2))
    }
    let run = RunEvidence(
      attempts: attempts, of: SimulatedFlakyTest.victim, together: [SimulatedFlakyTest.victim],
      ranAtOnce: false)

    // When it is explained with the default budget
    let cause = try await explain(runner, evidence: run)

    // Then it is intrinsic — its runs alone, the run's among them, hung — with where it hung,
    // and the experiments were tried, not priced at the time limit and skipped
    #expect(cause.kind == .intrinsic, "\(cause.summary)")
    #expect(cause.summary.contains("of the run's 50 attempts alone"), "\(cause.summary)")
    #expect(cause.summary.contains("ended at its time limit, in "), "\(cause.summary)")
    #expect(cause.hungIn.first == "read")
    #expect(cause.tried.contains("hash order"), "\(cause.tried)")
  }

  @Test func aTestThatNeverFailsAgainIsUnknownWithWhatWasTriedAndWhatItWouldTake() async throws {
    let cause = try await explain(
      SimulatedFlakyTest(reason: .never), evidence: evidence(failures: 1, runs: 21))

    #expect(cause.kind == .unknown)
    #expect(cause.summary.hasPrefix("It passed in every run the experiments made ("))
    #expect(cause.summary.contains("The experiments used "))
    #expect(cause.summary.contains("parallel: 0 of "))
    #expect(cause.summary.contains("It failed in 1 of 22 runs of the run: telling a factor"))
    // (the budget allowed the runs it would take: it failed less often here than in the run)
    #expect(cause.summary.contains("which the budget allows"), "\(cause.summary)")
    #expect(!cause.wordedSummary.contains("give --explain-budget "))
    #expect(!cause.experiments.isEmpty)
  }

  @Test func aBudgetThatRunsOutIsUnknownNamingOnlyTheExperimentsThatRan() async throws {
    // Given a test that never fails again, whose runs take 1 s, with 3 s of budget
    var slow = SimulatedFlakyTest(reason: .never)
    slow.secondsPerRun = .seconds(1)

    // When it is explained
    let cause = try await explain(slow, budget: .seconds(3))

    // Then it is unknown, after three runs, and says what ran and the budget it would take
    #expect(cause.kind == .unknown)
    #expect(cause.runs.count == 3)
    #expect(cause.tried == ["hash order", "parallel"])  // (a pair, then one run)
    #expect(cause.wordedSummary.contains("give --explain-budget "), "\(cause.wordedSummary)")
  }

  @Test func aTestThatFailsAtRandomIsIntrinsicWithItsRateAlone() async throws {
    let cause = try await explain(SimulatedFlakyTest(reason: .random(rate: 0.5), seed: 7))

    #expect(cause.kind == .intrinsic)
    #expect(cause.alone.map { $0.failures > 0 } == true)
    #expect(cause.summary.hasPrefix("It fails on its own in "))
  }

  @Test func aParameterizedTestsFailingCaseIsNamedAndRunAlone() async throws {
    // Given a parameterized test whose case `count → 4` fails in most runs, at random
    let runner = SimulatedFlakyTest(reason: .parameterized(failing: "count → 4", rate: 0.8))

    // When it is explained
    let cause = try await explain(
      runner, evidence: evidence(together: [SimulatedFlakyTest.victim], atOnce: false))

    // Then the cause names the case, and every run after the first failure ran it alone
    #expect(cause.testCase == "count → 4")
    #expect(cause.paragraph(for: "T/t")[0].hasPrefix("Why flaky: T/t (count → 4) — "))
    #expect(
      cause.reproduce.contains("CLEANSLATE_TEST_CASE='Suite.Tests/victim (count → 4)' swift test"),
      "\(cause.reproduce)")
    let cases = runner.runs.value.map(\.testCase)
    let first = try #require(cases.firstIndex { $0 != nil })
    #expect(cases[first...].allSatisfy { $0 == "Suite.Tests/victim (count → 4)" })
  }
}
