import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import Foundation
import Testing

/// Rule "A cause is a claim", over sessions: an explanation one session's budget cannot decide
/// goes on in the next session that sees the test fail, from the rounds the sessions before kept,
/// and decides when the runs together decide — while a test that fails at random is blamed on a
/// factor in at most 1% of whole sequences, however many sessions look again. Simulated,
/// sequences of sessions at a seed each (in `swift test`, 30 sequences of a set of 2,000 and 20
/// of 200: ``SimulatedClaim``).
@Suite struct PooledSessionsTests {
  /// The factors.
  static let factors: Set<TestCause.Kind> = [
    .order, .seed, .timeZone, .parallel, .parallelProcesses, .hashOrder, .load,
  ]

  /// Each session's budget in the rare flake's sequences: the default, or the seconds
  /// `CLEANSLATE_SESSION_BUDGET` gives (BENCHMARKS.md's figures of what a larger one buys).
  static var sessionBudget: Duration {
    let text = ProcessInfo.processInfo.environment["CLEANSLATE_SESSION_BUDGET"] ?? ""
    return Int(text).map { .seconds($0) } ?? .seconds(60)
  }

  /// The endings of `count` sequences, each from a seed of its own, run at once on the
  /// simulation's thread.
  static func endings(
    count: Int, seedBase: UInt64, sessions: Int, budget: Duration = .seconds(60),
    secondsPerRun: Duration = .milliseconds(100),
    reason: @escaping @Sendable (_ sequence: Int, _ session: Int) -> SimulatedFlakyTest.Reason
  ) async throws -> [SessionSequence.Ending] {
    try await withThrowingTaskGroup(of: SessionSequence.Ending.self) { group in
      for index in 0..<count {
        group.addTask(executorPreference: SimulationExecutor.shared) {
          try await SessionSequence.run(
            sessions: sessions, seed: seedBase &+ UInt64(index) &* 104_729, budget: budget,
            secondsPerRun: secondsPerRun
          ) { reason(index, $0) }
        }
      }
      var endings: [SessionSequence.Ending] = []
      for try await ending in group { endings.append(ending) }
      return endings
    }
  }

  @Test func aRareFlakeThatFailsMoreOftenAtOnceIsDecidedParallelOverSessions() async throws {
    // Given a test failing in 1.5% of its runs when its suite runs at once and 0.2% otherwise,
    // at 0.12 s a run, which each session saw fail once at once and pass alone
    let count = SimulatedClaim.explanations(200, quick: 20)
    let budget = Self.sessionBudget
    let endings = try await Self.endings(
      count: count, seedBase: 52, sessions: 10, budget: budget, secondsPerRun: .milliseconds(120)
    ) { _, _ in .parallel(partner: "Suite.Tests/test2", rate: 0.015, base: 0.002) }

    // When each session explains it with the default budget (or the one
    // `CLEANSLATE_SESSION_BUDGET` gives, for the figures), going on from the sessions before
    let decided = endings.filter { $0.cause.kind == .parallel }
    let withinFive = decided.count { $0.session <= 5 }
    let sessions = decided.map(\.session).sorted()
    Figures.record(
      "rare parallel flake over sessions of \(budget): \(withinFive) of \(count) within 5 sessions, \(decided.count) within 10; median session \(sessions.isEmpty ? 0 : sessions[sessions.count / 2]); blamed elsewhere: \(endings.count { Self.factors.contains($0.cause.kind) && $0.cause.kind != .parallel })"
    )

    // Then it is named parallel within five sessions in most sequences, within ten in nearly
    // all, and never blamed on another factor
    let claim = SimulatedClaim.atLeast(0.75)
    #expect(claim.holds(withinFive, of: count), "\(withinFive) of \(count) within 5 sessions")
    #expect(
      SimulatedClaim.atLeast(0.9).holds(decided.count, of: count),
      "\(decided.count) of \(count) within 10 sessions")
    #expect(
      endings.allSatisfy { $0.cause.kind == .parallel || !Self.factors.contains($0.cause.kind) })
  }

  @Test(arguments: [0.005, 0.01, 0.05, 0.2])
  func aTestFailingAtRandomIsBlamedInAtMostOnePercentOfSequencesOfTwentySessions(
    rate: Double
  ) async throws {
    // Given tests failing at `rate` at random, each explained in 20 sessions that saw it fail
    let count = SimulatedClaim.explanations(2000, quick: 30)
    let endings = try await Self.endings(
      count: count, seedBase: UInt64(rate * 10_000), sessions: 20
    ) { _, _ in .random(rate: rate) }

    // When every session goes on from the sessions before
    let blamed = endings.filter { Self.factors.contains($0.cause.kind) }

    // Then at most 1% of the sequences blame a factor, in any of their sessions
    Figures.record(
      "pooled false blame at \(rate), 20 sessions: \(blamed.count) of \(count) \(Dictionary(grouping: blamed.map(\.cause.kind)) { $0 }.mapValues(\.count))"
    )
    #expect(
      SimulatedClaim.atMost(0.01).holds(blamed.count, of: count),
      "\(blamed.count) of \(count) blamed")
  }

  @Test func aMachineThatFailsTheTestMoreOftenInEveryConditionMakesNoFactor() async throws {
    // Given a fleet of two machines, one of which fails the test twice as often as the other in
    // every condition (4% and 2%), the sessions alternating between them
    let count = SimulatedClaim.explanations(2000, quick: 30)
    let endings = try await Self.endings(count: count, seedBase: 77, sessions: 20) { _, session in
      .random(rate: session.isMultiple(of: 2) ? 0.04 : 0.02)
    }

    // When each session's explanation goes on from the sessions of both machines
    let blamed = endings.filter { Self.factors.contains($0.cause.kind) }

    // Then at most 1% of the sequences blame a factor: each round's two arms ran on one machine
    Figures.record("pooled false blame, two machines at 2% and 4%: \(blamed.count) of \(count)")
    #expect(
      SimulatedClaim.atMost(0.01).holds(blamed.count, of: count),
      "\(blamed.count) of \(count) blamed")
  }
}
