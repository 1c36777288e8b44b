import CleanSlate
import CleanSlateReport
import CleanSlateRunner
import Testing

/// `--explain`'s hash-order experiment on simulated tests: a test whose outcome follows the order
/// of a `Set`'s or a `Dictionary`'s elements is named, with the rates with and without
/// deterministic hashing and a command that reproduces it; a test that fails at random is not.
@Suite struct HashOrderExplainerTests {
  @Test func aTestThatFailsEveryTimeWithDeterministicHashingIsReproducedWithIt() async throws {
    // Given a test that fails in one run of three, and in every run with deterministic hashing
    let runner = SimulatedFlakyTest(
      reason: .hashOrder(fixedFails: true, seededFails: { $0 % 3 == 1 }))

    // When it is explained
    let cause = try await explain(runner)

    // Then its outcome follows hash order, and deterministic hashing reproduces it every time
    #expect(cause.kind == .hashOrder)
    #expect(cause.deterministicHashing == TestCause.Rate(failures: 7, runs: 7))
    #expect(cause.randomHashing == TestCause.Rate(failures: 3, runs: 10))
    #expect(
      cause.summary
        == "Its outcome follows the order of a Set's or a Dictionary's elements, which Swift seeds anew in every process: it fails with SWIFT_DETERMINISTIC_HASHING=1 (7 of 7 runs) and passes without in 7 of 10 runs. Do not depend on that order: sort before comparing, encode JSON with outputFormatting = .sortedKeys, or compare as sets."
    )
    #expect(
      cause.reproduce
        == "SWIFT_DETERMINISTIC_HASHING=1 swift test --filter Suite.Tests/victim")
    #expect(cause.heading.hasPrefix("hash order, decided by 17 runs in "))
  }

  @Test func aTestThatFailsInMostRunsWithChangingFailuresIsTriedBeforeTheTimeZone() async throws {
    // Given a test that fails in four runs of five, each time with another order, and passes in
    // every run with deterministic hashing
    let runner = SimulatedFlakyTest(
      reason: .hashOrder(fixedFails: false, seededFails: { $0 % 5 != 0 }))

    // When it is explained
    let cause = try await explain(runner)

    // Then it is hash order, found before any other experiment, and its command runs it until
    // it fails
    #expect(cause.kind == .hashOrder)
    #expect(cause.deterministicHashing == TestCause.Rate(failures: 0, runs: 5))
    #expect(cause.randomHashing == TestCause.Rate(failures: 7, runs: 8))
    #expect(cause.runs.map(\.what).allSatisfy { $0.hasPrefix("alone") }, "\(cause.runs)")
    #expect(
      cause.summary.hasSuffix(
        "it passes with SWIFT_DETERMINISTIC_HASHING=1 (5 of 5 runs) and fails without (7 of 8 runs). Do not depend on that order: sort before comparing, encode JSON with outputFormatting = .sortedKeys, or compare as sets. The command below runs it until it fails."
      ))
    #expect(cause.reproduce == "while swift test --filter Suite.Tests/victim; do :; done")
  }

  @Test func aTestThatVariesWithDeterministicHashingTooIsNotHashOrder() async throws {
    // Given a test that fails in every other run, whatever the hashing
    let runner = SimulatedFlakyTest(reason: .intrinsic)

    // When it is explained
    let cause = try await explain(runner)

    // Then hash order was tried, and stopped at the first run with deterministic hashing that
    // went the other way
    #expect(cause.kind == .intrinsic)
    #expect(cause.summary.contains("no factor tried (hash order and load) changes that"))
    let deterministic = cause.runs.filter { $0.what == "alone, SWIFT_DETERMINISTIC_HASHING=1" }
    #expect(deterministic.map(\.passed) == [true, false], "\(cause.runs)")
  }

  @Test func aTestThatFailsInAlmostEveryRunTheSameWayIsTriedOnceWithDeterministicHashing()
    async throws
  {
    // Given a test that fails in every run but with deterministic hashing, its failure naming no
    // order (as Swift Testing's XUnit file names no value)
    let runner = SimulatedFlakyTest(
      reason: .hashOrder(fixedFails: false, seededFails: { _ in true }, namesTheOrder: false))

    // When it is explained
    let cause = try await explain(runner)

    // Then the run with deterministic hashing before it is called failing passes, and hash
    // order is named
    #expect(cause.kind == .hashOrder)
    #expect(cause.deterministicHashing == TestCause.Rate(failures: 0, runs: 3))
    #expect(cause.randomHashing == TestCause.Rate(failures: 7, runs: 7))
  }

  @Test func aFailingTestIsCalledFailingAfterOneRunWithDeterministicHashing() async throws {
    let cause = try await explain(SimulatedFlakyTest(reason: .failing))

    #expect(cause.kind == .failing)
    #expect(cause.runs.count { $0.what.contains("DETERMINISTIC") } == 1)
  }
}
