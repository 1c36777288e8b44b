import CleanSlate
import CleanSlateChildProcess
import CleanSlateTestProcess
import CleanSlateTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A launcher's interruption ends the test processes it holds with the signal it was asked for
/// (and `SIGKILL` after its grace, for one that does not end), every process they started too,
/// each one that starts later as it starts, and no launch starts after it: on real processes.
@Suite struct LaunchInterruptionTests {
  /// Starts `command` and has `interruption` hold it.
  private func started(
    _ command: [String], heldBy interruption: LaunchInterruption
  ) async throws -> ChildProcess.Running {
    let running = try await ChildProcess(command: command).start()
    interruption.track(running)
    return running
  }

  @Test func theProcessesItHoldsEndWithTheSignalItWasAskedFor() async throws {
    // Given two processes that would sleep for a minute, held by an interruption
    let interruption = LaunchInterruption()
    let first = try await started(["/bin/sleep", "60"], heldBy: interruption)
    let second = try await started(["/bin/sleep", "60"], heldBy: interruption)

    // When it is asked for with SIGTERM
    #expect(interruption.interrupt(by: SIGTERM))

    // Then both end of SIGTERM, and the signal is known
    #expect(try await first.wait() == .signalled(SIGTERM))
    #expect(try await second.wait() == .signalled(SIGTERM))
    #expect(interruption.signal == SIGTERM)
  }

  @Test func itIsAskedForOnceTheSecondRequestChangesNothing() async throws {
    // Given an interruption asked for with SIGINT
    let interruption = LaunchInterruption()
    #expect(interruption.interrupt(by: SIGINT))

    // When it is asked for again with SIGTERM
    let again = interruption.interrupt(by: SIGTERM)

    // Then the second request is refused, and the first signal stands
    #expect(!again)
    #expect(interruption.signal == SIGINT)
  }

  @Test func aProcessThatIgnoresTheSignalIsKilledAfterTheGraceWithWhatItStarted() async throws {
    // Given a shell that ignores SIGTERM and waits for a child that sleeps (marked, to be found)
    let marker = "interruption-\(UUID().uuidString.prefix(8))"
    let interruption = LaunchInterruption(grace: .milliseconds(300))
    let shell = try await started(
      ["/bin/sh", "-c", "trap '' TERM; /bin/sh -c 'sleep 60; : \(marker)' & wait"],
      heldBy: interruption)
    try await Task.sleep(for: .milliseconds(200))

    // When the interruption is asked for with SIGTERM
    interruption.interrupt(by: SIGTERM)

    // Then the shell is killed once the grace is over, and its child with it
    #expect(try await shell.wait() == .signalled(SIGKILL))
    try await Task.sleep(for: .milliseconds(200))
    #expect(RunningProcesses.naming(marker).isEmpty)
  }

  @Test func aProcessThatStartsAfterTheRequestIsEndedAsItStarts() async throws {
    // Given an interruption asked for already
    let interruption = LaunchInterruption()
    interruption.interrupt(by: SIGTERM)

    // When a process starts and it holds it
    let late = try await started(["/bin/sleep", "60"], heldBy: interruption)

    // Then it is ended at once
    #expect(try await late.wait() == .signalled(SIGTERM))
  }

  @Test func aProcessItLetGoIsNotEnded() async throws {
    // Given a process held, then let go
    let interruption = LaunchInterruption()
    let process = try await started(["/bin/sleep", "1"], heldBy: interruption)
    interruption.release(process)

    // When the interruption is asked for
    interruption.interrupt(by: SIGTERM)

    // Then the process runs to its own end
    #expect(try await process.wait() == .exited(0))
  }

  @Test func aLauncherAskedToStopStartsNoLaunch() async throws {
    // Given a launcher whose interruption was asked for
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("interruption-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: work) }
    let launcher = TestLauncher(
      way: .swiftTest(because: "a test"), packagePath: "/nonexistent", workDirectory: work)
    launcher.interruption.interrupt(by: SIGINT)

    // When a launch is asked for
    let error = await #expect(throws: LaunchInterrupted.self) {
      _ = try await launcher.launch(LaunchRequest(["T.A/a"]))
    }

    // Then it throws what stopped it, having found nothing: nothing started
    #expect(error?.signal == SIGINT)
    #expect(error?.launch == nil)
    #expect(error?.description == "interrupted by SIGINT: its test processes were ended")
  }
}
