import CleanSlate
import CleanSlateChildProcess
import Testing

@testable import CleanSlateTestProcess

/// Every "how did this test end in this launch?" is answered by the launch: XCTest's lines, the
/// XUnit file, the event stream, a time limit and a crash are read into one end per test.
@Suite struct LaunchReadingTests {
  static let command = SwiftTestInvocation(environment: [], arguments: ["test"])

  @Test func eachTestsEndComesFromWhatItsFrameworkSaidOrItsLimit() {
    // Given a launch whose XCTest test failed, whose Swift Testing test passed (the event stream
    // says, its process ended at another test's limit), and whose other test hung
    var output = LaunchOutput(
      status: 1,
      standardOutput: """
        Test Case 'A.testFails' started at 2026-11-28 10:00:00.000
        /src/A.swift:4: error: A.testFails : XCTFail failed - no
        Test Case 'A.testFails' failed (0.010 seconds)
        Test Case 'A.testHangs' started at 2026-11-28 10:00:00.011

        """, standardError: "")
    output.swiftTestingEnded = ["M.S/passes()": TestEnd(.passed, seconds: 0.2)]
    output.hung = [HungTest(name: "A.testHangs", limit: .seconds(5), ran: .seconds(5))]

    // When it is read
    let launch = Launch(
      reading: output, of: ["M.A/testFails", "M.A/testHangs", "M.S/passes()", "M.A/testLater"],
      command: Self.command, xunitFiles: [], trace: nil)

    // Then each test has its end, the hung one timed out and named as listed, the one its
    // process never reached none
    #expect(launch.ends["M.A/testFails"]?.failure == "XCTFail failed - no (A.swift:4)")
    #expect(launch.ends["M.S/passes()"] == TestEnd(.passed, seconds: 0.2))
    #expect(launch.ends["M.A/testHangs"]?.outcome == .timedOut)
    #expect(launch.hung.first?.name == "M.A/testHangs")
    #expect(launch.endedAHungTest)
    #expect(launch.end(of: "M.A/testLater") == nil)
    #expect(
      launch.endOrUnfinished(of: "M.A/testLater").failure
        == "it did not run to its end: swift test ended with status 1 first")
  }

  @Test func aTestRunningWhenItsProcessCrashedEndedCrashedAndAnotherWasPinned() {
    // Given a launch whose process crashed in B's frame while A and B ran
    let crash = TestCrash(termination: .signalled(11), running: ["M.S/a()", "M.S/b()"])
    var pinned = crash
    pinned.pin(on: "M.S/b()", by: .onlyTestInProcess)
    let launch = Launch(command: Self.command, ends: [:], crashes: [pinned])

    // Then both ended crashed: B in it, A because its process crashed in B
    #expect(launch.end(of: "M.S/b()")?.outcome == .crashed)
    #expect(
      launch.end(of: "M.S/b()")?.failure == "crashed: its test process died of signal 11 (SIGSEGV)")
    #expect(
      launch.end(of: "M.S/a()")?.failure
        == "crashed: its test process died of signal 11 (SIGSEGV) in M.S/b()")
    #expect(launch.status == 1)
  }
}
