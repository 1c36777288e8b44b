import CleanSlate
import CleanSlateTestProcess
import Testing

/// Where a hung test was stuck: the functions of the thread that runs it, from the one it waits
/// in up to its own.
@Suite struct HangStackTests {
  @Test func theThreadThatRunsTheTestSaysWhereItHung() {
    let report = [
      "  Where each thread of its test process (pid 42) was:",
      "    Thread 1 (LWP 42) \"main\":",
      "      #0  epoll_wait in libc.so.6",
      "    Thread 2 (LWP 43) \"worker\":",
      "      #0  waitid in libc.so.6",
      "      #1  _subprocess_fork_exec at /src/Linux.swift:80",
      "      #2  SubprocessUnixTests.testUserID() at /src/UnixTests.swift:9",
    ]

    #expect(
      HangStack.whereItHung(report, test: "SubprocessTests.SubprocessUnixTests/testUserID()")
        == ["waitid", "_subprocess_fork_exec", "SubprocessUnixTests.testUserID()"])
    #expect(HangStack.whereItHung(report, test: "M.Other/testZ()") == ["epoll_wait"])
    #expect(HangStack.whereItHung([], test: "M.A/testB").isEmpty)
  }
}
