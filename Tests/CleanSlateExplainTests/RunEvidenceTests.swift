import CleanSlate
import CleanSlateChildProcess
import CleanSlateRunner
import CleanSlateTestProcess
import Testing

@testable import CleanSlateExplain

/// What the run already saw counts: where the test failed orders the experiments and narrows
/// their groups, how often decides how patient they are, and a crash that many tests could have
/// been is explained once.
@Suite struct RunEvidenceTests {
  @Test func theRunsRateGivesAnEstimateThatDoesNotFlatterAndThePatienceItNeeds() {
    #expect(RunEvidence.medianRate(of: .init(failures: 0, runs: 10)) == 0)
    #expect(abs(RunEvidence.medianRate(of: .init(failures: 1, runs: 2)) - 0.2929) < 0.001)
    #expect(abs(RunEvidence.medianRate(of: .init(failures: 1, runs: 21)) - 0.0325) < 0.0005)
    // (the lower the rate, the more pairs an experiment runs before it says it does not fail)
    #expect(evidence(failures: 1, runs: 1).patience == 11)
    #expect(evidence(failures: 6, runs: 60).patience < evidence(failures: 1, runs: 60).patience)
    #expect(evidence(retryPassed: false).patience == 8)
  }

  @Test func theExperimentTheRunPointsAtKeepsGoingWhileTheBudgetLasts() {
    // Given a run in which the test failed in 6 of 60 repetitions
    let run = evidence(failures: 6, runs: 60)

    // Then the experiment the run points at stops only when its runs decide or the budget ends,
    // and the others after the pairs the run's rate needs to show three failures
    #expect(run.patience(lead: true) > 1_000_000)
    #expect(run.patience(lead: false) == run.patience)
    // (a test that failed every time is decided from runs alone)
    #expect(evidence(retryPassed: false).patience(lead: true) == 8)
  }

  @Test func failuresOnlyWithOthersAndPassesAloneSayWhereToLookFirst() {
    // Given a test that failed twice at once and passed three retries alone, and one whose only
    // retry alone passed (a run or two alone tell little)
    let victim: TestName = "M.S/v()"
    let attempts: [TestRecord.Attempt] =
      (1...2).map { .init(repetition: $0, end: TestEnd(.failed), beside: ["M.S/a()"]) }
      + (1...3).map { .init(repetition: $0, end: TestEnd(.passed), alone: true) }
    let three = RunEvidence(
      attempts: attempts, of: victim, together: ["M.S/a()", victim], ranAtOnce: true)
    let one = RunEvidence(
      attempts: Array(attempts.prefix(3)), of: victim, together: ["M.S/a()", victim],
      ranAtOnce: true)

    // Then only the first says it failed only with others
    #expect(three.failedOnlyWithOthers)
    #expect(!one.failedOnlyWithOthers)
  }

  @Test func onlyFailedChecksCountAsFailuresThatDifferNotCrashesOrHangs() {
    // Given a test whose process crashed twice, each time another way, and which timed out once
    let crashes = [6, 11].map {
      TestEnd(
        .crashed, failure: "signal \($0)",
        crash: TestCrash(termination: .signalled(Int32($0)), running: ["M.S/v()"]))
    }
    let run = RunEvidence(
      attempts: (crashes + [TestEnd(.timedOut, failure: "timed out after 20 seconds")]).enumerated()
        .map { .init(repetition: $0.offset + 1, end: $0.element) },
      of: "M.S/v()", together: ["M.S/a()", "M.S/v()"], ranAtOnce: true)

    // Then no failure compared a value: nothing points at hash order
    #expect(run.failureMessages.isEmpty)
    #expect(
      Explainer<SimulatedFlakyTest>.pointedAt(by: run, among: [.parallel, .hashOrder]) == nil)
  }

  @Test func aCrashBesideOtherTestsThatThenPassedAlonePointsAtParallel() {
    // Given a test whose process crashed once while it and two other tests ran, and whose retry
    // alone passed
    let victim: TestName = "M.S/v()"
    let crash = TestCrash(termination: .signalled(11), running: ["M.S/a()", "M.S/b()", victim])
    let run = RunEvidence(
      attempts: [
        .init(
          repetition: 1, end: TestEnd(.crashed, failure: "crashed", crash: crash),
          beside: ["M.S/a()", "M.S/b()"]),
        .init(repetition: 1, end: TestEnd(.passed), alone: true),
      ], of: victim, together: ["M.S/a()", "M.S/b()", victim], ranAtOnce: true)

    // Then the run points at the tests at once, though it failed only once
    #expect(
      Explainer<SimulatedFlakyTest>.pointedAt(by: run, among: [.hashOrder, .parallel, .load])
        == .parallel)
    // (a single failure that was no crash points at nothing)
    let failedOnce = RunEvidence(
      attempts: [
        .init(repetition: 1, end: TestEnd(.failed), beside: ["M.S/a()", "M.S/b()"]),
        .init(repetition: 1, end: TestEnd(.passed), alone: true),
      ], of: victim, together: ["M.S/a()", "M.S/b()", victim], ranAtOnce: true)
    #expect(
      Explainer<SimulatedFlakyTest>.pointedAt(
        by: failedOnce, among: [.hashOrder, .parallel, .load]) == nil)
  }

  @Test func aFailureAloneTheExperimentsNeverSeeAgainDoesNotMakeItIntrinsic() {
    typealias Verdicts = Explainer<SimulatedFlakyTest>
    // Given a failure in one of the run's two attempts alone (right after its process crashed,
    // say), then runs alone in the experiments
    let run = TestCause.Rate(failures: 1, runs: 2)

    // Then 23 runs alone that all passed contradict it (at a rate of one in two, all 23 pass
    // with a chance of one in eight million), and a handful do not
    #expect(Verdicts.contradicts(run, TestCause.Rate(failures: 0, runs: 23)))
    #expect(!Verdicts.contradicts(run, TestCause.Rate(failures: 0, runs: 5)))
    // And a rare failure alone (one in 41) is not contradicted by 129 passes (a chance of 4 %)
    #expect(
      !Verdicts.contradicts(
        TestCause.Rate(failures: 1, runs: 41), TestCause.Rate(failures: 0, runs: 129)))
    // And runs alone that failed too never contradict it
    #expect(!Verdicts.contradicts(run, TestCause.Rate(failures: 1, runs: 100)))
  }

  @Test func theTestsBesideItsFailuresComeMostOftenFirst() {
    let a: TestName = "M.S/a()"
    let b: TestName = "M.S/b()"
    let run = RunEvidence(
      attempts: [
        .init(repetition: 1, end: TestEnd(.failed), beside: [a, b]),
        .init(repetition: 2, end: TestEnd(.failed), beside: [b]),
        .init(repetition: 3, end: TestEnd(.passed), beside: [a]),
      ], of: "M.S/v()", together: [a, b, "M.S/v()"], ranAtOnce: true)

    #expect(run.besideItsFailures == [b, a])
    #expect(run.withOthersRate == TestCause.Rate(failures: 2, runs: 3))
  }

  @Test func aCrashManyTestsCouldHaveBeenIsExplainedOnce() {
    // Given a crash while three tests ran, pinned on none, each of which passed again, and a
    // test that failed on its own
    let running: [TestName] = ["M.S/a()", "M.S/b()", "M.S/c()"]
    let crash = TestCrash(termination: .signalled(11), running: running)
    let crashed = TestEnd(.crashed, failure: "crashed", crash: crash)
    let records =
      running.map { test in
        TestRecord(
          name: test,
          attempts: [.init(repetition: 1, end: crashed), .init(repetition: 1, end: .init(.passed))])
      } + [TestRecord(name: "M.S/d()", attempts: [.init(repetition: 1, end: .init(.failed))])]
    let result = SessionResult(
      records: records,
      crashes: [SessionCrash(crash, repetition: 1, blame: .notReproduced(running))])

    // Then the crash is explained through its first test, and the failing test on its own
    #expect(result.explained == [0, 3])
  }

  @Test func testsWhoseCrashesWentThroughTheSameCodeAreExplainedAsOne() {
    // Given two tests whose process crashed in each, pinned on each by its frame, both crashed
    // threads in configure → routes → the registry; and a test that failed a check
    let a: TestName = "M.S/a()"
    let b: TestName = "M.T/b()"
    let c: TestName = "M.U/c()"
    func crashed(_ test: TestName) -> TestRecord {
      let crash = SimulatedFlakyTest.crash(running: [a, b, c], in: test)
      return TestRecord(
        name: test,
        attempts: [
          .init(repetition: 1, end: TestEnd(.crashed, failure: "crashed", crash: crash)),
          .init(repetition: 1, end: .init(.passed)),
        ])
    }
    let failed = TestRecord(name: c, attempts: [.init(repetition: 1, end: .init(.failed))])
    let result = SessionResult(records: [crashed(a), failed, crashed(b)])

    // Then the two crashes are one explanation, the failed check another
    #expect(result.explainedTogether([0, 1, 2], tests: [a, b, c]) == [[0, 2], [1]])
    // And the second is told it is the first's crash
    let cause = TestCause(.parallel, summary: "It fails at once.", reproduce: "swift test")
    #expect(
      cause.sameCrash(as: a).summary
        == "Its process crashed through the same code as M.S/a()'s, explained once for both: It fails at once."
    )
  }
}
