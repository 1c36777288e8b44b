import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTestProcess
import Testing

/// `--explain`'s hash-order experiment on simulated tests: a test whose outcome is constant with
/// deterministic hashing and varies without is named, whichever way the fixed order falls, with
/// the rates and a command that reproduces it; a test that varies with it too is not.
@Suite struct HashOrderExplainerTests {
  @Test func aTestThatFailsEveryTimeWithDeterministicHashingIsReproducedWithIt() async throws {
    // Given a test that fails in about half its runs, and in every run with deterministic
    // hashing (the fixed order is the failing one), run one test at a time
    let runner = SimulatedFlakyTest(reason: .hashOrder(fixedFails: true, seededRate: 0.5))

    // When it is explained
    let cause = try await explain(runner, evidence: evidence(atOnce: false))

    // Then its outcome follows hash order, and deterministic hashing reproduces it every time
    #expect(cause.kind == .hashOrder)
    let fixed = try #require(cause.deterministicHashing)
    #expect(fixed.failures == fixed.runs && fixed.runs >= 8)
    let seeded = try #require(cause.randomHashing)
    #expect(seeded.failures < seeded.runs)
    #expect(
      cause.summary.hasPrefix(
        "Its outcome follows the order of a Set's or a Dictionary's elements, which Swift seeds anew in every process: it fails with SWIFT_DETERMINISTIC_HASHING=1 ("
      ))
    #expect(cause.reproduce.hasPrefix("SWIFT_DETERMINISTIC_HASHING=1 swift test"))
  }

  @Test func aTestThatPassesEveryTimeWithDeterministicHashingRunsUntilItFails() async throws {
    // Given a test that fails in most runs, each time with another order, and passes in every
    // run with deterministic hashing
    let runner = SimulatedFlakyTest(reason: .hashOrder(fixedFails: false, seededRate: 0.8))

    // When it is explained, its failures in the run having differed
    var run = evidence(atOnce: false, failures: 2, runs: 2)
    run.attempts[1].end.failure = "order 2"
    let cause = try await explain(runner, evidence: run)

    // Then it is hash order, tried first, and its command runs it until it fails
    #expect(cause.kind == .hashOrder)
    #expect(cause.deterministicHashing?.failures == 0)
    #expect(cause.tried == ["alone", "hash order"])
    #expect(cause.summary.hasSuffix("The command below runs it until it fails."))
    #expect(
      cause.reproduce == "while swift test --no-parallel --filter Suite.Tests/victim; do :; done")
  }

  @Test func aTestThatVariesWithDeterministicHashingTooIsNotHashOrder() async throws {
    // Given a test that fails in every other run, whatever the hashing
    let runner = SimulatedFlakyTest(reason: .random(rate: 0.5), seed: 3)

    // When it is explained
    let cause = try await explain(runner, evidence: evidence(atOnce: false))

    // Then hash order was tried, and stopped once a run with deterministic hashing went the
    // other way
    #expect(cause.kind == .intrinsic)
    let deterministic = runner.runs.value.filter(\.condition.deterministicHashing)
    #expect(deterministic.count < 10, "\(deterministic.count)")
    #expect(cause.tried.contains("hash order"))
  }

  @Test func aTestThatFailsEveryTimeButWithDeterministicHashingIsHashOrderNotFailing() async throws
  {
    // Given a test that fails in every run but with deterministic hashing
    let runner = SimulatedFlakyTest(reason: .hashOrder(fixedFails: false, seededRate: 1))

    // When it is explained, having failed in every run of the run
    let cause = try await explain(runner, evidence: evidence(retryPassed: false))

    // Then hash order is named
    #expect(cause.kind == .hashOrder)
    #expect(cause.deterministicHashing?.failures == 0)
    #expect(cause.randomHashing.map { $0.failures == $0.runs } == true)
  }

  @Test func aTestThatFailedEveryAttemptOnAHalfChanceIsStillHashOrder() async throws {
    // Given a test that fails in every run with deterministic hashing and in half its runs
    // without (a two-element set), which failed every attempt of its run — one run in eight —
    // and so is explained as a test that may be failing, over 200 seeds
    var named = 0
    var others: [String] = []
    for seed in UInt64(1)...200 {
      let runner = SimulatedFlakyTest(
        reason: .hashOrder(fixedFails: true, seededRate: 0.5), seed: seed)
      var explainer = Explainer(runner: runner, budget: .seconds(60))
      explainer.machineZone = "UTC"
      explainer.seed = seed

      // When it is explained
      let cause = try await explainer.explain(
        SimulatedFlakyTest.victim,
        evidence: evidence(atOnce: false, failures: 3, runs: 3, retryPassed: false))
      if cause.kind == .hashOrder { named += 1 } else { others.append("\(seed): \(cause.kind)") }
    }

    // Then hash order is named in all but a few: the runs without deterministic hashing pass
    // half the time, so a handful of pairs in which both failed is no reason to stop
    #expect(named >= 198, "\(named) of 200; \(others.prefix(10))")
  }
}
