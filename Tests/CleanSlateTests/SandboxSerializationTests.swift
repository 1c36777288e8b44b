import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Rule "Process-global state": tests that change it are serialized against each other, first
/// come first served, without blocking threads.
@Suite struct SandboxSerializationTests {
  @Test func theLockIsGrantedInTheOrderItWasAskedFor() async throws {
    // Given a held lock and five tasks queuing for it one after another
    let lock = ProcessStateLock()
    try await lock.acquire()
    let order = Observed<[Int]>()
    let journal = Locked<[Int]>([])
    var waiters: [Task<Void, any Error>] = []
    for number in 1...5 {
      waiters.append(
        Task {
          try await lock.acquire()
          journal.withLock { $0.append(number) }
          lock.release()
        })
      while lock.waiterCount < number { await Task.yield() }
    }

    // When the lock is released
    lock.release()
    for waiter in waiters { try await waiter.value }
    order.set(journal.value)

    // Then each got it in turn, in queue order
    #expect(order.value == [1, 2, 3, 4, 5])
  }

  @Test func aCancelledWaiterLeavesTheQueueWithoutTheLock() async throws {
    // Given a held lock and a task waiting for it
    let lock = ProcessStateLock()
    try await lock.acquire()
    let waiter = Task { try await lock.acquire() }
    while lock.waiterCount < 1 { await Task.yield() }

    // When the waiter is cancelled
    waiter.cancel()

    // Then it stops waiting with a cancellation, and the lock passes on normally
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(lock.waiterCount == 0)
    lock.release()
    try await lock.acquire()
    lock.release()
  }

  @Test func parallelTestsChangingTheSameStateDoNotInterfere() async throws {
    // Given sixteen tests running in parallel that all set the same variable and current
    // directory, and write the same relative path
    let name = "CLEANSLATE_PARALLEL_PROBE_\(UUID().uuidString.prefix(8))"
    let holders = Locked((now: 0, most: 0))
    let mismatches = Locked<[String]>([])

    await withTaskGroup(of: Void.self) { group in
      for number in 0..<16 {
        group.addTask {
          let test = Scopes().test("Parallel/test\(number)()")
          do {
            try await test.withCurrent {
              try await use(.environment([name: "\(number)"]))
              let directory = try await use(.currentDirectory)
              holders.withLock { state in
                state.now += 1
                state.most = max(state.most, state.now)
              }
              try Data("\(number)".utf8).write(to: URL(fileURLWithPath: "same.txt"))
              for _ in 0..<5 { await Task.yield() }

              // Then each sees only its own value, file and directory
              let seen = [
                ProcessEnvironment.value(of: name),
                contents(of: URL(fileURLWithPath: "same.txt")),
                contents(of: directory.appendingPathComponent("same.txt")),
              ]
              if seen != ["\(number)", "\(number)", "\(number)"] {
                mismatches.withLock { $0.append("test \(number) saw \(seen)") }
              }
              holders.withLock { $0.now -= 1 }
            }
          } catch {
            mismatches.withLock { $0.append("test \(number) threw \(error)") }
          }
          let failures = await test.endCollectingFailures()
          if !failures.isEmpty { mismatches.withLock { $0.append("\(failures)") } }
        }
      }
    }

    // And at most one held the process state at a time, and the variable is gone again
    #expect(mismatches.value == [])
    #expect(holders.value.most == 1)
    #expect(ProcessEnvironment.value(of: name) == nil)
  }
}
