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

  @Test func aLongStackKeepsTheWaitAndTheCallsFromTheTest() {
    // Given a test blocked on a semaphore, eight frames below its own
    let frames = [
      "__futex_abstimed_wait_common64", "__futex_abstimed_wait_common", "do_futex_wait",
      "__new_sem_wait_slow64", "_dispatch_sema4_wait", "_dispatch_semaphore_wait_slow",
      "BlockedTests.waitForTheSignal()", "BlockedTests.testB()",
    ]
    let report =
      ["    Thread 1 (LWP 7) \"main\":"]
      + frames.enumerated().map { "      #\($0.offset)  \($0.element) at /src/x.c:1" }

    // Then it says the call it waits in, then the last calls down from the test
    #expect(
      HangStack.whereItHung(report, test: "M.BlockedTests/testB")
        == [
          "__futex_abstimed_wait_common64", "…", "_dispatch_semaphore_wait_slow",
          "BlockedTests.waitForTheSignal()", "BlockedTests.testB()",
        ])
  }
}
