import CleanSlate
import CleanSlateChildProcess
import CleanSlateTestProcess
import Testing

@testable import CleanSlateExplain

/// Crashes in different tests that went through the same code under test point at it: its
/// frames, not the tests' own, nor the runtime's, nor the test framework's.
@Suite struct CrashPathsTests {
  @Test func twoCrashesInDifferentTestsShareTheCodeTheyWentThrough() {
    let crashes = [
      SimulatedFlakyTest.crash(running: ["M.S/a()", "M.S/b()"], in: "M.S/a()"),
      SimulatedFlakyTest.crash(running: ["M.S/b()", "M.S/c()"], in: "M.S/c()"),
    ]

    let shared = CrashPaths.shared(by: crashes, tests: ["M.S/a()", "M.S/b()", "M.S/c()"])

    #expect(
      shared.path == ["withApp(_:)", "configure(_:)", "routes(_:)", "RouteRegistry.register(_:)"])
    #expect(shared.crashCount == 2)
    #expect(shared.tests == ["M.S/a()", "M.S/c()"])
  }

  @Test func oneCrashOrCrashesWithoutACommonFrameShareNothing() {
    let one = CrashPaths.shared(
      by: [SimulatedFlakyTest.crash(running: ["M.S/a()"])], tests: ["M.S/a()"])
    let other = TestCrash(
      termination: .signalled(4), running: ["M.S/b()"],
      standardError: """
        *** Program crashed: Illegal instruction at 0x1 ***

        Thread 0 crashed:

          0      0x0000000000000001 Cache.evict() + 12 in T.xctest at /src/Cache.swift:4:9

        """)
    let apart = CrashPaths.shared(
      by: [SimulatedFlakyTest.crash(running: ["M.S/a()"]), other], tests: ["M.S/a()", "M.S/b()"])

    #expect(one.isEmpty)
    #expect(apart.isEmpty)
  }
}
