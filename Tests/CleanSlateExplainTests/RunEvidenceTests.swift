import CleanSlate
import CleanSlateChildProcess
import CleanSlateReport
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
    #expect(evidence(retryPassed: false).patience == 4)
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
          name: test, attempts: [.init(repetition: 1, end: crashed), .init(repetition: 1, end: .init(.passed))])
      } + [TestRecord(name: "M.S/d()", attempts: [.init(repetition: 1, end: .init(.failed))])]
    let result = SessionResult(
      records: records,
      crashes: [SessionCrash(crash, repetition: 1, verdict: .notReproduced(running))])

    // Then the crash is explained through its first test, and the failing test on its own
    #expect(result.explained == [0, 3])
  }
}
