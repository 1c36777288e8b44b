import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import Testing

/// Crashes of test processes, on simulated suites of both frameworks' shapes: every crash is in
/// the run, pinned on its test from the crashed thread's frames or the tests running; one that
/// nothing pins is run again in halves, and when it does not come back, the tests it could have
/// been are flaky (crashed, then passed), never passed.
@Suite struct TestSessionCrashTests {
  private let badPointer = "Bad pointer dereference at 0x0000000000000000"

  @Test func anXCTestCrashIsPinnedOnItsTestAndTheTestsAfterItStillRun() async throws {
    // Given an XCTest test that crashes its process, in the middle of the selection
    let runner = SimulatedSuite(.xcTest) { test, _ in test == "T.A/c" ? .crash(named: true) : .pass
    }

    // When they run
    let run = try await TestSession(launcher: runner).run(["T.A/a", "T.A/b", "T.A/c", "T.A/d"])

    // Then the crashed test failed with the signal, pinned by its frame, and the test after it
    // ran in a second batch
    #expect(run.records.map(\.verdict) == [.passed, .passed, .failed, .passed])
    #expect(runner.batches.value == [["T.A/a", "T.A/b", "T.A/c", "T.A/d"], ["T.A/d"]])
    #expect(run.crashes.map(\.blame) == [.pinned("T.A/c")])
    #expect(FinishedSession(run).fails())
    #expect(
      SessionSummary(run).lines == [
        "Failed: T.A/c: crashed: its test process died of signal 11 (SIGSEGV): \(badPointer)",
        "Crashed: T.A/c, signal 11 (SIGSEGV): \(badPointer); its frame A.c() (Tests.swift:9:5) pins it.",
        "3 passed, 1 failed, 0 flaky, 0 skipped, 1 test process crashed",
      ])
  }

  @Test func anXCTestTestThatCrashesInItsFirstRunOnlyIsFlakyAndItsCrashIsKept() async throws {
    // Given an XCTest test that crashes its process in its first run only
    let runner = SimulatedSuite(.xcTest) { test, attempt in
      test == "T.A/c" && attempt == 1 ? .crash(named: true) : .pass
    }

    // When they run with a retry
    let run = try await TestSession(launcher: runner, retries: 1).run(["T.A/a", "T.A/c", "T.A/d"])

    // Then it crashed, then passed: flaky, the crash in the summary, and the run fails
    #expect(run.records.map(\.verdict) == [.passed, .flaky, .passed])
    #expect(run.records[1].crashes == 1)
    #expect(FinishedSession(run).fails())
    #expect(
      SessionSummary(run).lines == [
        "Flaky: T.A/c (2 attempts: crashed, passed)",
        "Crashed: T.A/c, signal 11 (SIGSEGV): \(badPointer); its frame A.c() (Tests.swift:9:5) pins it.",
        "2 passed, 0 failed, 1 flaky, 0 skipped, 1 test process crashed",
      ])
  }

  @Test func aPinnedCrashInTheFirstOfThreeRepetitionsNamesItsRepetitionAndOnlyItsTestIsFlaky()
    async throws
  {
    // Given Swift Testing tests in one process, `b()` crashing it in its first run only, its own
    // frame on the crashed thread, while the others ran beside it
    let runner = SimulatedSuite(.swiftTesting) { test, attempt in
      test == "T.S/b()" && attempt == 1 ? .crash(named: true) : .pass
    }

    // When they run three times, with a retry
    let run = try await TestSession(launcher: runner, retries: 1, repetitions: 3).run([
      "T.S/a()", "T.S/b()", "T.S/c()",
    ])

    // Then only the test the crash is pinned on is flaky, and the crash's line says which
    // repetition it was in, the first included
    #expect(run.records.map(\.verdict) == [.passed, .flaky, .passed])
    let lines = SessionSummary(run).lines
    #expect(
      lines.filter { $0.hasPrefix("Flaky: ") } == [
        "Flaky: T.S/b() (4 attempts: crashed, passed, passed, passed)"
      ])
    #expect(
      lines.filter { $0.hasPrefix("Crashed: ") } == [
        "Crashed: T.S/b(), signal 11 (SIGSEGV) in repetition 1: \(badPointer); its frame S.b() (Tests.swift:9:5) pins it."
      ])
  }

  @Test func anXCTestCrashUnderParallelIsPinnedByItsProcessAlone() async throws {
    // Given XCTest tests each in a process of their own, one crashing on a helper's thread
    let runner = SimulatedSuite(.xcTestParallel) { test, _ in
      test == "T.A/c" ? .crash(named: false) : .pass
    }

    // When they run
    let run = try await TestSession(launcher: runner).run(["T.A/a", "T.A/c", "T.A/d"])

    // Then the crash is pinned on the only test of its process, and nothing runs again
    #expect(run.records.map(\.verdict) == [.passed, .failed, .passed])
    #expect(run.crashes.map(\.crash.evidence) == [.onlyTestRunning])
    #expect(runner.batches.value == [["T.A/a", "T.A/c", "T.A/d"]])
    #expect(
      SessionSummary(run).lines[1]
        == "Crashed: T.A/c, signal 11 (SIGSEGV): \(badPointer); it was the only test running in its process."
    )
  }

  @Test func aSwiftTestingCrashIsPinnedByTheFrameThatNamesOneOfTheRunningTests() async throws {
    // Given Swift Testing tests in one process, `b()` crashing while the slow `c()` runs
    let runner = SimulatedSuite(.swiftTesting) { test, _ in
      switch test {
      case "T.S/b()": .crash(named: true)
      case "T.S/c()": .slow
      default: .pass
      }
    }

    // When they run
    let run = try await TestSession(launcher: runner).run(
      ["T.S/a()", "T.S/b()", "T.S/c()", "T.S/d()"])

    // Then the crash is `b()`'s, and `c()`, which has no result, runs again and passes
    #expect(run.records.map(\.verdict) == [.passed, .failed, .passed, .passed])
    #expect(run.crashes.map(\.crash.running) == [["T.S/b()", "T.S/c()"]])
    #expect(run.crashes.map(\.blame) == [.pinned("T.S/b()")])
    #expect(runner.batches.value == [["T.S/a()", "T.S/b()", "T.S/c()", "T.S/d()"], ["T.S/c()"]])
  }

  @Test func aCrashNothingPinsThatDoesNotComeBackMakesTheRunningTestsFlaky() async throws {
    // Given Swift Testing tests in one process, `a()` crashing on a helper's thread in its first
    // run only, while the slow `b()` runs
    let runner = SimulatedSuite(.swiftTesting) { test, attempt in
      switch test {
      case "T.S/a()": attempt == 1 ? .crash(named: false) : .pass
      case "T.S/b()": .slow
      default: .pass
      }
    }

    // When they run, without retries
    let run = try await TestSession(launcher: runner).run(["T.S/a()", "T.S/b()", "T.S/c()"])

    // Then the two running tests ran again in halves and passed: each crashed, then passed
    #expect(runner.batches.value == [["T.S/a()", "T.S/b()", "T.S/c()"], ["T.S/a()"], ["T.S/b()"]])
    #expect(run.records.map(\.verdict) == [.flaky, .flaky, .passed])
    #expect(run.crashes.map(\.blame) == [.notReproduced(["T.S/a()", "T.S/b()"])])
    #expect(
      run.records[0].attempts.first?.end.failure
        == "crashed: its test process died of signal 11 (SIGSEGV) while 2 tests ran, none named by the crashed thread's frames: \(badPointer)"
    )
    #expect(FinishedSession(run).fails())
    #expect(
      SessionSummary(run).lines == [
        "Flaky: T.S/a() (2 attempts: crashed, passed)",
        "Flaky: T.S/b() (2 attempts: crashed, passed)",
        "Crashed: signal 11 (SIGSEGV) while 2 tests ran (T.S/a(), T.S/b()): \(badPointer); no frame named one, and it did not come back when they ran again: a failed attempt of each.",
        "1 passed, 0 failed, 2 flaky, 0 skipped, 1 test process crashed",
      ])
  }

  @Test func aCrashNothingPinsThatComesBackIsHeldAgainstTheTestItCameBackIn() async throws {
    // Given Swift Testing tests in one process, `c()` always crashing on a helper's thread
    let runner = SimulatedSuite(.swiftTesting) { test, _ in
      switch test {
      case "T.S/b()": .slow
      case "T.S/c()": .crash(named: false)
      default: .pass
      }
    }

    // When they run
    let run = try await TestSession(launcher: runner).run(["T.S/a()", "T.S/b()", "T.S/c()"])

    // Then `c()` crashed again alone: both crashes are its, and `b()` passed
    #expect(runner.batches.value == [["T.S/a()", "T.S/b()", "T.S/c()"], ["T.S/b()"], ["T.S/c()"]])
    #expect(run.records.map(\.verdict) == [.passed, .passed, .failed])
    #expect(run.crashes.map(\.blame) == [.crashedAgain("T.S/c()"), .pinned("T.S/c()")])
    #expect(
      SessionSummary(run).lines == [
        "Failed: T.S/c() (2 of 2 runs): crashed: its test process died of signal 11 (SIGSEGV): \(badPointer)",
        "Crashed: signal 11 (SIGSEGV) while 2 tests ran (T.S/b(), T.S/c()): \(badPointer); no frame named one, and it came back in T.S/c() when they ran again.",
        "Crashed: T.S/c(), signal 11 (SIGSEGV): \(badPointer); it was the only test running in its process.",
        "2 passed, 1 failed, 0 flaky, 0 skipped, 2 test processes crashed",
      ])
  }

  @Test func aShardsCrashBesideAPartnerIsPinnedAndRetriedAlone() async throws {
    // Given a shard of Swift Testing tests, one crashing only while its partner runs beside it
    // (its first run, with the whole shard)
    let plan = ShardPlan(
      ["T.S/a()", "T.S/b()", "T.S/crashesBeside()", "T.S/partner()"], count: 2)
    let runner = SimulatedSuite(.swiftTesting) { test, attempt in
      switch test {
      case "T.S/crashesBeside()": attempt == 1 ? .crash(named: true) : .pass
      case "T.S/partner()": .slow
      default: .pass
      }
    }

    // When shard 2 runs with 2 retries
    let run = try await TestSession(launcher: runner, retries: 2).run(plan.shards[1].tests)

    // Then the crash is pinned by its frame, and the test passed alone: crashed, then passed
    #expect(
      SessionSummary(run, plan: plan, shard: try ShardSpec(parsing: "2/2")).lines == [
        "Flaky: T.S/crashesBeside() (2 attempts: crashed, passed)",
        "Crashed: T.S/crashesBeside(), signal 11 (SIGSEGV): \(badPointer); its frame S.crashesBeside() (Tests.swift:9:5) pins it.",
        "Shard 2/2: 2 tests of 4, split by count (no timings).",
        "1 passed, 0 failed, 1 flaky, 0 skipped, 1 test process crashed",
      ])
    #expect(
      runner.batches.value == [
        ["T.S/crashesBeside()", "T.S/partner()"], ["T.S/partner()"], ["T.S/crashesBeside()"],
      ])
  }

  @Test func aCrashAfterTheTestsEndedIsHeldAgainstNoTestAndStillFailsTheRun() async throws {
    // Given an XCTest process that crashes after its tests ended
    let runner = SimulatedSuite(.xcTest) { test, _ in
      test == "T.A/b" ? .crashAfterTheTests : .pass
    }

    // When they run
    let run = try await TestSession(launcher: runner).run(["T.A/a", "T.A/b"])

    // Then every test passed, and the crash is in the run, held against no test
    #expect(run.records.map(\.verdict) == [.passed, .passed])
    #expect(run.crashes.map(\.blame) == [.noTestRunning])
    #expect(FinishedSession(run).fails())
    #expect(
      SessionSummary(run).lines == [
        "Crashed: signal 11 (SIGSEGV) while no test was running: \(badPointer); it is held against no test.",
        "2 passed, 0 failed, 0 flaky, 0 skipped, 1 test process crashed",
      ])
  }
}
