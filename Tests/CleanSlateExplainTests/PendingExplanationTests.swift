import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation
import Testing

/// Rule "A cause is a claim", over sessions: a pending explanation — an experiment ahead over
/// earlier sessions, undecided — goes on in a session where the test passed, when asked
/// (`--explain-pending`), with this session's run as its condition; its rounds count as any
/// session's, under the sequence's one error budget.
@Suite struct PendingExplanationTests {
  /// Earlier sessions' evidence: parallel 3 pairs ahead in 200, over 2 sessions.
  static let ahead = PriorEvidence(
    experiments: [.parallel: ExperimentEvidence(packed: "10x3,00x200", sessions: 2)!],
    lead: .parallel, sessions: 2)

  /// A run in which the test passed, at once with the tests of its process.
  static let passed = RunEvidence(
    attempts: [.init(repetition: 1, end: TestEnd(.passed), beside: SimulatedFlakyTest.earlier)],
    of: SimulatedFlakyTest.victim,
    together: SimulatedFlakyTest.earlier + [SimulatedFlakyTest.victim],
    ranAtOnce: true)

  @Test func aPendingExplanationGoesOnInASessionWhereTheTestPassedAndDecides() async throws {
    // Given a test failing in 30% of its runs beside test2 at once, never otherwise, whose
    // explanation is pending with parallel ahead, and a session in which it passed
    let runner = SimulatedFlakyTest(reason: .parallel(partner: "Suite.Tests/test2", rate: 0.3))
    let explainer = Explainer(runner: runner)

    // When the pending explanation goes on
    let cause = try #require(
      try await explainer.goOn(SimulatedFlakyTest.victim, evidence: Self.passed, prior: Self.ahead))

    // Then it is decided parallel, pooled over three sessions
    #expect(cause.kind == .parallel)
    #expect(cause.pooling?.sessions == 3)
    #expect(cause.heading.contains("pooled over 3 sessions"))
    #expect(runner.runs.value.allSatisfy { $0.condition.arrangement != .alone })
  }

  @Test func nothingGoesOnWhenNoExperimentIsAhead() async throws {
    // Given earlier sessions whose parallel rounds went against running at once
    let behind = PriorEvidence(
      experiments: [.parallel: ExperimentEvidence(packed: "01x2,00x100")!],
      lead: .parallel, sessions: 1)
    let runner = SimulatedFlakyTest(reason: .random(rate: 0.1))

    // When a session in which the test passed is asked to go on
    let cause = try await Explainer(runner: runner).goOn(
      SimulatedFlakyTest.victim, evidence: Self.passed, prior: behind)

    // Then nothing runs
    #expect(cause == nil)
    #expect(runner.runs.value.isEmpty)
  }

  @Test func aSessionGoesOnOnlyWithThePendingTestsThatPassedAndSaysSo() async throws {
    // Given a session in which the victim passed at once with the tests of its process, and
    // test1 failed; both have an explanation pending with parallel ahead
    let tests = SimulatedFlakyTest.earlier + [SimulatedFlakyTest.victim]
    let records = tests.map { test in
      TestRecord(
        name: test,
        attempts: [
          .init(
            repetition: 1,
            end: test == "Suite.Tests/test1" ? TestEnd(.failed, failure: "boom") : TestEnd(.passed),
            beside: tests.filter { $0 != test })
        ])
    }
    let result = SessionResult(records: records)
    let runner = SimulatedFlakyTest(reason: .parallel(partner: "Suite.Tests/test2", rate: 0.3))
    let terminal = PrintedTerminal()

    // When the session goes on with its pending explanations, within 30 s in all
    let causes = try await result.goOnWithPending(
      [(SimulatedFlakyTest.victim, Self.ahead), ("Suite.Tests/test1", Self.ahead)],
      runner: runner, options: ExplainOptions(passthrough: ["--parallel"]),
      total: .seconds(30), events: terminal.events)

    // Then it says so first, and goes on only with the test that passed (the other is explained
    // as a failure, with the session's own budget), deciding it parallel (across processes: XCTest
    // runs tests at once under --parallel each in a process of its own)
    #expect(
      terminal.blocks.first
        == "Going on with the pending explanation of 1 test that passed (within 30 s in all):\n")
    #expect(Array(causes.keys) == [SimulatedFlakyTest.victim])
    #expect(causes[SimulatedFlakyTest.victim]?.kind == .parallelProcesses)
    #expect(terminal.blocks.dropFirst().allSatisfy { $0.hasPrefix("  Suite.Tests/victim: ") })
  }

  @Test func aRareFlakeIsDecidedSoonerWhenSessionsWhereItPassedGoOn() async throws {
    // Given a test failing in 1.5% of its runs at once and 0.2% otherwise, at 0.12 s a run, that
    // fails in one session of four: each session that sees it fail explains it (60 s), and, with
    // --explain-pending 30, each session where it passed goes on for 30 s
    let count = SimulatedClaim.explanations(200, quick: 20)
    func decided(goingOn: Bool) async throws -> [Int] {
      try await withThrowingTaskGroup(of: Int?.self) { group in
        for index in 0..<count {
          group.addTask(executorPreference: SimulationExecutor.shared) {
            var prior = PriorEvidence.none
            for session in 1...20 {
              let fails = session % 4 == 1
              guard fails || goingOn else { continue }
              var runner = SimulatedFlakyTest(
                reason: .parallel(partner: "Suite.Tests/test2", rate: 0.015, base: 0.002),
                seed: UInt64(index) &* 7_919 &+ UInt64(session))
              runner.secondsPerRun = .milliseconds(120)
              var explainer = Explainer(runner: runner, budget: .seconds(fails ? 60 : 30))
              explainer.machineZone = "UTC"
              explainer.seed = UInt64(index * 100 + session)
              let cause: TestCause? =
                fails
                ? try await explainer.explain(
                  SimulatedFlakyTest.victim, evidence: evidence(), prior: prior)
                : try await explainer.goOn(
                  SimulatedFlakyTest.victim, evidence: Self.passed, prior: prior)
              guard let cause else { continue }
              if cause.kind == .parallel { return session }
              let pooling = try #require(cause.pooling)
              prior = PriorEvidence(
                experiments: pooling.pooled, lead: pooling.lead, sessions: pooling.sessions)
            }
            return nil
          }
        }
        var sessions: [Int] = []
        for try await session in group { if let session { sessions.append(session) } }
        return sessions
      }
    }

    // When the sessions run with and without going on
    let waiting = try await decided(goingOn: false)
    let goingOn = try await decided(goingOn: true)

    // Then going on decides it in more sequences within 20 sessions, and sooner
    Figures.record(
      "pending explanations: decided within 20 sessions in \(goingOn.count) of \(count) going on, \(waiting.count) waiting; median session \(goingOn.sorted().dropFirst(goingOn.count / 2).first ?? 0) against \(waiting.sorted().dropFirst(waiting.count / 2).first ?? 0)"
    )
    #expect(goingOn.count >= waiting.count)
    #expect(
      SimulatedClaim.atLeast(0.9).holds(goingOn.count, of: count), "\(goingOn.count) of \(count)")
  }
}
