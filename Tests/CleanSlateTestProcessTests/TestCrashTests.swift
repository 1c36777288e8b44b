import CleanSlate
import CleanSlateChildProcess
import CleanSlateTestProcess
import Testing

/// The crash of a test process, pinned from what its standard error says: on the running test a
/// frame of the crashed thread names, else on the only test running, else on none.
@Suite struct TestCrashTests {
  @Test func aFrameThatNamesARunningTestPinsTheCrashOnIt() {
    // Given a Swift Testing process whose crashed thread ran `RaceSuite.a(i:)`, beside `b(i:)`
    let running: [TestName] = [
      "CrashScratchTests.RaceSuite/a(i:)", "CrashScratchTests.RaceSuite/b(i:)",
    ]

    // When its crash is read
    let crash = TestCrash(
      termination: .signalled(11), running: running,
      standardError: CapturedBacktraces.raceSegmentationFault)

    // Then it is pinned on `a(i:)`, by its frame
    #expect(crash.test == "CrashScratchTests.RaceSuite/a(i:)")
    #expect(
      crash.evidence
        == .frame(
          .init(
            index: 2, marks: ["ra"], symbol: "RaceSuite.a(i:)",
            image: "CrashScratchPackageTests.xctest",
            location: "/src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:59:36")))
    #expect(crash.ending == "signal 11 (SIGSEGV)")
    #expect(
      crash.excerpt.first
        == "Program crashed: Bad pointer dereference at 0x0000000000000000 (signal 11)")
  }

  @Test func theOnlyTestRunningIsPinnedWhenNoFrameNamesOne() {
    let crash = TestCrash(
      termination: .signalled(4), running: ["RunnerFixtureTests.CrashSuite/crashesOnAThread()"],
      standardError: CapturedBacktraces.helperThread)

    #expect(crash.test == "RunnerFixtureTests.CrashSuite/crashesOnAThread()")
    #expect(crash.evidence == .onlyTestRunning)
  }

  @Test func aCrashNoFrameNamesAmongSeveralRunningTestsIsPinnedOnNone() {
    let crash = TestCrash(
      termination: .signalled(4),
      running: [
        "RunnerFixtureTests.CrashSuite/partner()",
        "RunnerFixtureTests.CrashSuite/crashesOnAThread()",
      ], standardError: CapturedBacktraces.helperThread)

    #expect(crash.test == nil)
    #expect(crash.evidence == nil)
    #expect(
      crash.excerpt.first == "Fatal error: crashes on a thread of its own (Behaviour.swift:25)")
  }

  @Test func aProcessThatExitedEarlyIsACrashWithItsStatus() {
    let crash = TestCrash(termination: .exited(1), running: [], standardError: "")

    #expect(crash.ending == "exit status 1")
    #expect(crash.backtrace == nil)
    #expect(crash.excerpt.isEmpty)
  }
}
