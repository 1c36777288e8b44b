import CleanSlateChildProcess
import CleanSlateTestSupport
import Dispatch
import Foundation
import Testing

@testable import CleanSlate

/// Waiting holds none of Swift concurrency's threads: a test that awaits a child process, and a
/// test whose synchronous teardown blocks, leave those few threads (one per core) to every other
/// test. A wait that held one would, with as many waiters as threads, stop every task of the
/// process until the waits end; on a busy machine that is a stalled or hung suite.
@Suite struct WaitingHoldsNoThreadTests {
  @Test func childProcessesAndBlockedTeardownsLeaveTheThreadsToOtherTests() async throws {
    let width = ProcessInfo.processInfo.activeProcessorCount
    let gate = try ReleaseGate()
    defer { gate.remove() }
    // If the threads were held, nothing below could go on: a watchdog on a thread of its own
    // opens the gate after a while, and the test fails instead of hanging.
    gate.openByWatchdog(after: .seconds(60))

    // Given as many child processes as Swift concurrency has threads, each awaited until the gate
    // opens
    let children = Task {
      try await withThrowingTaskGroup(of: ChildProcess.Outcome.self) { group in
        for index in 0..<width {
          group.addTask {
            try await ChildProcess(
              "/bin/sh",
              [
                "-c",
                "touch \(gate.directory.path)/child-\(index); while [ ! -e \(gate.file.path) ]; do sleep 0.05; done",
              ]
            ).run()
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }
    // And as many tests whose synchronous teardown blocks its thread until the gate opens
    let blocked = Counter()
    let blocking = Fixture("blocking") { context in
      context.addTeardown(timeout: .seconds(120)) {
        blocked.increment()
        gate.waitBlocking()
      }
    }
    let teardowns = Task {
      await withTaskGroup(of: [CleanSlateError].self) { group in
        for _ in 0..<width {
          group.addTask {
            let test = Scopes().test()
            _ = try? await test.use(blocking, at: CodeLocation())
            return await test.endCollectingFailures()
          }
        }
        return await group.reduce(into: []) { $0 += $1 }
      }
    }
    while gate.childrenStarted < width || blocked.value < width, !gate.isOpen {
      try await Task.sleep(for: .milliseconds(20))
    }

    // When another test does a little work while they all wait
    await Task { await Task.yield() }.value

    // Then it finishes before any of them is released
    let openedByWatchdog = gate.isOpen
    gate.open()
    #expect(!openedByWatchdog, "the work waited for the child processes and teardowns to end")
    #expect(
      try await children.value.map(\.termination) == Array(repeating: .exited(0), count: width))
    #expect(await teardowns.value.isEmpty)
  }
}

/// A gate that child processes (a file) and blocked threads (a semaphore) wait on.
private final class ReleaseGate: Sendable {
  let directory: URL
  var file: URL { directory.appendingPathComponent("open") }
  private let opened = Locked(false)
  private let semaphore = DispatchSemaphore(value: 0)

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-gate-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  var isOpen: Bool { opened.value }

  /// How many children have started (each leaves a file when it does).
  var childrenStarted: Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasPrefix("child-") }.count
  }

  /// Opens the gate: every child and blocked thread goes on. Later calls do nothing.
  func open() {
    guard
      opened.withLock({ wasOpen in
        defer { wasOpen = true }; return !wasOpen
      })
    else { return }
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    // Enough for every thread that waits, and any that comes later.
    for _ in 0..<1024 { semaphore.signal() }
  }

  /// Opens the gate after `delay`, from a thread that is not Swift concurrency's.
  func openByWatchdog(after delay: Duration) {
    DispatchQueue.global().asyncAfter(deadline: .now() + delay.dispatchInterval) { [self] in open()
    }
  }

  /// Blocks the calling thread until the gate opens.
  func waitBlocking() {
    semaphore.wait()
  }

  func remove() {
    open()
    try? FileManager.default.removeItem(at: directory)
  }
}
