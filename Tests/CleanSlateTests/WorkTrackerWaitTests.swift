import CleanSlateTestSupport
import Dispatch
import Foundation
import Testing

@testable import CleanSlate

/// `WorkTracker` on its own: what it counts, and `waitUntilIdle(timeout:)`.
@Suite struct WorkTrackerWaitTests {
  @Test func waitUntilIdleReturnsOnceTheTaskFinished() async throws {
    // Given a tracked task that takes a moment
    let journal = Journal()
    let tracker = WorkTracker()
    tracker.start("save") {
      try await Task.sleep(for: .milliseconds(10))
      journal.record("saved")
    }
    #expect(!tracker.isIdle)

    // When the test waits
    try await tracker.waitUntilIdle(timeout: .seconds(30))  // returns as soon as idle

    // Then the work is done
    #expect(journal.all == ["saved"])
    #expect(tracker.isIdle)
    #expect(tracker.runningWork.isEmpty)
  }

  @Test func waitUntilIdleReturnsAtOnceWithoutWork() async throws {
    // Given a tracker that never had work
    let tracker = WorkTracker()

    // When the test waits, Then it returns without an error
    try await tracker.waitUntilIdle(timeout: .milliseconds(1))
    #expect(tracker.isIdle)
  }

  @Test func waitUntilIdleGivingUpNamesTheWorkAndLeavesItRunning() async throws {
    // Given work that waits for a signal
    let tracker = WorkTracker()
    let release = DispatchSemaphore(value: 0)
    let startLine = #line + 1
    let task = tracker.start("upload") { await waitOnDispatch(release) }

    // When the test waits less than the work takes
    var failure: CleanSlateError?
    let waitLine = #line + 2
    do {
      try await tracker.waitUntilIdle(timeout: .milliseconds(50))
    } catch {
      failure = error as? CleanSlateError
    }

    // Then the error names the work and where it started, at the waiting line; the work was not
    // cancelled
    #expect(failure?.code == .workStillRunning)
    #expect(
      failure?.summary
        == "Tracked work was still running after waiting 0.05 seconds: 'upload' (started at \(#fileID):\(startLine))."
    )
    #expect(failure?.location.line == waitLine)
    #expect(!task.isCancelled)
    release.signal()
    try await tracker.waitUntilIdle(timeout: .seconds(30))  // returns as soon as idle
  }

  @Test func waitUntilIdleStopsWhenTheWaitingTaskIsCancelled() async throws {
    // Given work that never finishes by itself, and a task waiting for it
    let tracker = WorkTracker()
    let work = tracker.start("forever") { try await Task.sleep(for: .seconds(60)) }
    let waiter = Task { try await tracker.waitUntilIdle(timeout: .seconds(60)) }

    // When the waiting task is cancelled
    waiter.cancel()

    // Then the wait ends with a CancellationError
    #expect(await waiter.result.isCancellation)
    work.cancel()
  }

  @Test func nestedWorkStartedThroughCurrentIsWaitedFor() async throws {
    // Given tracked work that starts more work through WorkTracker.current, then returns first
    let journal = Journal()
    let tracker = WorkTracker()
    tracker.start("outer") {
      WorkTracker.current?.start("inner") {
        try await Task.sleep(for: .milliseconds(20))
        journal.record("inner done")
      }
      journal.record("outer done")
    }

    // When the test waits
    try await tracker.waitUntilIdle(timeout: .seconds(30))  // returns as soon as idle

    // Then the wait covered the inner work too
    #expect(journal.all == ["outer done", "inner done"])
  }

  @Test func currentIsTheTrackerOnlyInsideTrackedWork() async throws {
    // Given a tracker
    let tracker = WorkTracker()

    // When code asks for the current tracker outside and inside tracked work
    let outside = WorkTracker.current
    let inTask = await tracker.start("task") { WorkTracker.current }.value
    let inBlock = Locked<WorkTracker?>(nil)
    tracker.async("block", on: .global()) { inBlock.withLock { $0 = WorkTracker.current } }
    try await tracker.waitUntilIdle(timeout: .seconds(30))  // returns as soon as idle

    // Then it is the tracker only inside
    #expect(outside == nil)
    #expect(inTask === tracker)
    #expect(inBlock.value === tracker)
  }

  @Test func gcdWorkInTheGroupIsWaitedFor() async throws {
    // Given dispatch-group-style GCD code handed the tracker's group, enqueuing more grouped work
    let journal = Journal()
    let tracker = WorkTracker()
    let queue = DispatchQueue(label: "sync")
    let group = tracker.group
    queue.async(group: group) {
      Thread.sleep(forTimeInterval: 0.01)
      queue.async(group: group) { journal.record("second block") }
      journal.record("first block")
    }

    // When the test waits
    try await tracker.waitUntilIdle(timeout: .seconds(30))  // returns as soon as idle

    // Then both blocks ran
    #expect(journal.all == ["first block", "second block"])
  }

  @Test func groupWorkThatStartsATaskIsWaitedForUntilTheTaskEnds() async throws {
    // Given grouped GCD work that starts a tracked task, then leaves the group
    let journal = Journal()
    let tracker = WorkTracker()
    tracker.group.enter()
    DispatchQueue.global().async {
      tracker.start("follow-up") {
        try await Task.sleep(for: .milliseconds(20))
        journal.record("task done")
      }
      tracker.group.leave()
    }

    // When the test waits
    try await tracker.waitUntilIdle(timeout: .seconds(30))  // returns as soon as idle

    // Then the wait lasted until the task ended
    #expect(journal.all == ["task done"])
  }

  @Test func labelledGCDWorkIsWaitedFor() async throws {
    // Given a labelled block on a queue
    let journal = Journal()
    let tracker = WorkTracker()
    tracker.async("parse", on: DispatchQueue(label: "parser")) {
      Thread.sleep(forTimeInterval: 0.01)
      journal.record("parsed")
    }

    // When the test waits
    try await tracker.waitUntilIdle(timeout: .seconds(30))  // returns as soon as idle

    // Then the block ran
    #expect(journal.all == ["parsed"])
  }

  @Test func enteredWorkCountsUntilItLeavesOnce() async throws {
    // Given work entered with a label, as around a callback-based API
    let tracker = WorkTracker()
    let token = tracker.enter("save")
    #expect(tracker.runningWork.map(\.label) == ["save"])

    // When it leaves twice
    token.leave()
    token.leave()

    // Then it no longer counts, and leaving again changed nothing
    #expect(tracker.isIdle)
    try await tracker.waitUntilIdle(timeout: .milliseconds(1))
  }

  @Test func aTrackedExistingTaskIsWaitedForAndCancellable() async throws {
    // Given an existing task, tracked
    let tracker = WorkTracker()
    let task = Task { try await Task.sleep(for: .seconds(60)) }
    tracker.track(task, label: "existing")
    #expect(tracker.runningWork.map(\.label) == ["existing"])

    // When the tracker cancels its work and the test waits
    tracker.cancelAll()
    try await tracker.waitUntilIdle(timeout: .seconds(30))  // returns as soon as idle

    // Then the task was cancelled and no longer counts
    #expect(await task.result.isCancellation)
    #expect(tracker.isIdle)
  }
}

/// Blocks a thread of its own (not a cooperative one, nor one of the few that serve the global
/// queues) until `semaphore` is signalled.
private func waitOnDispatch(_ semaphore: DispatchSemaphore) async {
  await withCheckedContinuation { continuation in
    DispatchQueue(label: "waitOnDispatch").async {
      semaphore.wait()
      continuation.resume()
    }
  }
}
