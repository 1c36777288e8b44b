import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import Testing

/// What `cleanslate test` prints of a run is one block, written at once: the command, what the
/// tests printed, then where each hung test was stuck — so that nothing else printed meanwhile
/// (another run's output, a note) lands inside a thread's stack.
@Suite struct LaunchEchoTests {
  @Test func aRunIsEchoedAsOneBlockWithItsHungTestsStacksLast() {
    // Given a launch whose test passed its limit, and whose process printed on both streams
    let command = SwiftTestInvocation(
      environment: [], arguments: ["test", "--skip-build", "--filter", "A"])
    var launch = Launch(command: command, ends: [:], status: 1)
    launch.standardOutput = "Test Case 'A.testHangs' started at 2026-11-27 10:00:00.000"
    launch.standardError = "error: something on standard error"
    launch.hung = [
      HungTest(
        name: "M.A/testHangs", limit: .seconds(5), ran: .seconds(5),
        report: ["  Where each thread of its test process (pid 42) was:", "    Thread 1 (LWP 42):"])
    ]

    // When it is echoed
    let text = LaunchEcho.text(of: launch)

    // Then it is the command, the output, the error output and the hung test's report, in order,
    // each on lines of its own
    #expect(
      text.split(separator: "\n", omittingEmptySubsequences: false) == [
        "$ swift test --skip-build --filter A",
        "Test Case 'A.testHangs' started at 2026-11-27 10:00:00.000",
        "error: something on standard error",
        "Timed out: M.A/testHangs ran for 5.0 s, past its limit of 5 s; its test process was ended.",
        "  Where each thread of its test process (pid 42) was:",
        "    Thread 1 (LWP 42):",
        "",
      ])
  }
}
