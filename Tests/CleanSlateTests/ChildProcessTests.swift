import CleanSlateChildProcess
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way CleanSlate runs child processes: run to the end, started in the background, or
/// started as a daemon; a child holds nothing of this process but its standard streams.
@Suite struct ChildProcessTests {
  @Test func aProgramRunToItsEndGivesItsOutputsAndStatus() async throws {
    // When a program writes on both outputs and exits with a status
    let outcome = try await ChildProcess(
      "/bin/sh", ["-c", "echo out; echo err >&2; exit 3"]
    ).run()

    // Then both outputs and the status come back apart
    #expect(outcome.termination == .exited(3))
    #expect(outcome.standardOutput == "out\n")
    #expect(outcome.standardError == "err\n")
  }

  @Test func inputIsWrittenAndOutputsCanBeCombined() async throws {
    let outcome = try await ChildProcess("/bin/sh", ["-c", "read line; echo \"got $line\" >&2"])
      .run(input: "hello\n", combiningErrorWithOutput: true)

    #expect(outcome.succeeded)
    #expect(outcome.standardOutput == "got hello\n")
    #expect(outcome.standardError.isEmpty)
  }

  @Test func aNameIsLookedUpOnThePathAndTheEnvironmentReplacedWhenGiven() async throws {
    let outcome = try await ChildProcess(
      "env", [], environment: ["PATH": "/usr/bin:/bin", "ONLY": "this"]
    ).run()

    #expect(
      outcome.standardOutput.split(separator: "\n").sorted() == ["ONLY=this", "PATH=/usr/bin:/bin"])
  }

  @Test func itRunsInTheRootDirectoryUnlessTold() async throws {
    let outcome = try await ChildProcess("/bin/pwd").run()

    #expect(outcome.standardOutput == "/\n")
  }

  @Test func aMissingProgramIsAClearError() async throws {
    let error = await #expect(throws: ChildProcessError.self) {
      try await ChildProcess("/no/such/program", ["--flag"]).run()
    }
    #expect(error?.description.hasPrefix("Could not run /no/such/program --flag: ") == true)
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
  func aChildHoldsOnlyItsStandardStreams() async throws {
    // Given pipes of this process that children could inherit (Foundation's are not closed on
    // exec)
    let pipes = (0..<4).map { _ in Pipe() }

    // When a child lists its descriptors (ls opens the listing as descriptor 3)
    let outcome = try await ChildProcess("/bin/ls", ["/proc/self/fd"]).run()

    // Then it has its standard streams only
    #expect(outcome.standardOutput.split(separator: "\n") == ["0", "1", "2", "3"])
    withExtendedLifetime(pipes) {}
  }

  @Test func aBackgroundChildIsReadLineByLineWrittenToAndAwaited() async throws {
    // Given a child that answers each line it reads, until its input closes
    let child = try await ChildProcess(
      "/bin/sh", ["-c", "echo ready; while read line; do echo \"got $line\"; done; echo bye >&2"]
    ).start()
    #expect(await child.firstLine() == "ready")

    // When it is written to, then its input closed
    #expect(await child.write("one\n"))
    #expect(await child.lines(until: "got one") == ["ready", "got one"])
    let termination = try await child.finish()

    // Then it ended by itself, and what it wrote on standard error is there
    #expect(termination == .exited(0))
    #expect(await child.errorOutput() == "bye\n")
    #expect(await child.write("late\n") == false)
  }

  @Test func aBackgroundChildCanBeKilled() async throws {
    let child = try await ChildProcess("/bin/sleep", ["600"]).start()
    #expect(child.ended == nil)

    #expect(try await child.kill() == .signalled(SIGKILL))
    #expect(child.ended == .signalled(SIGKILL))
    #expect(await child.send(signal: SIGTERM) == false)
  }

  @Test func aDaemonIsNoChildAndWritesToItsLog() async throws {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-daemon-\(UUID().uuidString.prefix(8)).log")
    defer { try? FileManager.default.removeItem(at: log) }

    // When a program is started as a daemon
    let pid = try await ChildProcess("/bin/sh", ["-c", "echo started; exec sleep 600"])
      .startDetached(appendingOutputTo: log.path)
    defer { kill(pid, SIGKILL) }

    // Then it runs, outside this process's session, and writes to its log
    #expect(ChildProcess.isRunning(pid))
    #expect(getsid(pid) != getsid(0))
    var written = ""
    for _ in 0..<500 where written.isEmpty {
      written = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(written == "started\n")

    // And once killed it no longer counts as running
    kill(pid, SIGKILL)
    var running = true
    for _ in 0..<500 where running {
      running = ChildProcess.isRunning(pid)
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(!running)
  }
}
