import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Dispatch
import Foundation
import Testing

/// Rule "Async work" through the `.cleanSlate` trait: the work tracker is awaited when the body
/// ends, before any fixture teardown; work outliving the timeout is reported as one issue at the
/// line that started it, and cancelled.
@Suite struct WorkTrackerTraitTests {
  @Test func workFinishingInTimeIsAwaitedBeforeFixtureTeardown() async throws {
    // Given a fixture with a teardown, and a body that leaves short work running
    let driver = TraitDriver()
    let journal = Journal()
    let resource = Fixture<Void>("resource") { context in
      context.addTeardown { journal.record("fixture teardown") }
    }

    // When the test runs
    let issues = try await driver.run {
      try await CleanSlateTrait.fixtures(resource).provideScope(for: .test("Suite/test()")) {
        let work = try await usePatientWorkTracker()
        work.start("short") {
          try await Task.sleep(for: .milliseconds(20))
          journal.record("work done")
        }
        journal.record("body")
      }
    }

    // Then the work finished before the teardown, and nothing was reported
    #expect(issues.isEmpty)
    #expect(journal.all == ["body", "work done", "fixture teardown"])
  }

  @Test func workOutlivingTheTimeoutIsOneIssueAtItsLineAndIsCancelled() async throws {
    // Given a body that leaves work running that never ends by itself
    let driver = TraitDriver()
    let started = Locked<(task: Task<Void, any Error>, line: Int)?>(nil)

    // When the test runs
    let issues = try await driver.run {
      try await CleanSlateTrait.cleanSlate.provideScope(for: .test("Suite/slow()")) {
        let work = try await use(.workTracker)
        work.timeout = .milliseconds(50)
        let line = #line + 1
        let task = work.start("sync forever") { try await Task.sleep(for: .seconds(60)) }
        started.withLock { $0 = (task, line) }
      }
    }

    // Then one issue names the work at the line that started it, and its task was cancelled
    let (task, line) = try #require(started.value)
    #expect(
      issues.map(\.text) == [
        """
        Tracked work 'sync forever' was still running 0.05 seconds after the body of 'Suite/slow()' ended; it was cancelled.
          started at: CleanSlateTestingTests/WorkTrackerTraitTests.swift:\(line)
          Wait for it in the test (try await tracker.waitUntilIdle()), make it finish sooner, or give it more time: tracker.timeout for this test, WorkTracker.defaultTimeout in code, or CLEANSLATE_WORK_TIMEOUT=<seconds> for the whole run.
        """
      ])
    let failure = try #require(issues.first?.cleanSlateError)
    #expect(failure.code == .workOutlivedTest)
    #expect(issues.first?.sourceLocation?.line == line)
    #expect(issues.first?.sourceLocation?.fileID == #fileID)
    #expect(task.isCancelled)
  }

  /// Rule "Errors never lost": the body's error stays the test's own.
  @Test func aBodyThatThrowsWhileItsWorkOutlivesItKeepsItsErrorAsTheTestsOwn() async throws {
    // Given a body that leaves work running that never ends by itself, then throws
    let driver = TraitDriver()
    let line = Locked(0)
    let thrown = Locked<(any Error)?>(nil)

    // When the test runs
    let issues = try await driver.run {
      do {
        try await CleanSlateTrait.cleanSlate.provideScope(for: .test("Suite/throws()")) {
          let work = try await use(.workTracker)
          work.timeout = .milliseconds(50)
          line.withLock { $0 = #line + 1 }
          work.start("upload") { try await Task.sleep(for: .seconds(60)) }
          throw Boom(label: "body")
        }
      } catch {
        thrown.withLock { $0 = error }
      }
    }

    // Then the work is one issue at its line, and the body's error is rethrown, for Swift
    // Testing to record as the test's own failure (once the scope has ended)
    #expect(
      issues.map(\.text) == [
        """
        Tracked work 'upload' was still running 0.05 seconds after the body of 'Suite/throws()' ended; it was cancelled.
          started at: CleanSlateTestingTests/WorkTrackerTraitTests.swift:\(line.value)
          Wait for it in the test (try await tracker.waitUntilIdle()), make it finish sooner, or give it more time: tracker.timeout for this test, WorkTracker.defaultTimeout in code, or CLEANSLATE_WORK_TIMEOUT=<seconds> for the whole run.
        """
      ])
    #expect((thrown.value as? Boom)?.label == "body")
  }

  @Test func nestedWorkIsAwaitedToo() async throws {
    // Given a body whose work starts more work through WorkTracker.current and returns first
    let driver = TraitDriver()
    let journal = Journal()

    // When the test runs
    let issues = try await driver.run {
      try await CleanSlateTrait.fixtures(.workTracker).provideScope(for: .test("Suite/test()")) {
        let work = try await usePatientWorkTracker()
        work.start("outer") {
          WorkTracker.current?.start("inner") {
            try await Task.sleep(for: .milliseconds(20))
            journal.record("inner done")
          }
          journal.record("outer done")
        }
      }
      journal.record("scope ended")
    }

    // Then the scope ended only after the inner work
    #expect(issues.isEmpty)
    #expect(journal.all == ["outer done", "inner done", "scope ended"])
  }

  @Test func gcdWorkInTheTrackersGroupIsAwaited() async throws {
    // Given a body that hands the tracker's group to GCD code in the dispatch-group pattern
    let driver = TraitDriver()
    let journal = Journal()

    // When the test runs
    let issues = try await driver.run {
      try await CleanSlateTrait.cleanSlate.provideScope(for: .test("Suite/test()")) {
        let work = try await usePatientWorkTracker()
        DispatchQueue(label: "sync").async(group: work.group) {
          Thread.sleep(forTimeInterval: 0.02)
          journal.record("block done")
        }
      }
      journal.record("scope ended")
    }

    // Then the scope ended only after the block
    #expect(issues.isEmpty)
    #expect(journal.all == ["block done", "scope ended"])
  }

  @Test(.cleanSlate) func aRealTestLeavingShortWorkRunningPasses() async throws {
    // Given the real trait, When the body leaves short work running, Then the test passes: the
    // end of the body waits for it instead of reporting it
    let work = try await usePatientWorkTracker()
    work.start("short") { try await Task.sleep(for: .milliseconds(10)) }
  }
}
