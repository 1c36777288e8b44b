import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Rule "Lifecycle trace": every lifecycle event can be observed, as an outline or as JSON Lines.
@Suite struct LifecycleTraceTests {
  @Test func everyStepOfAScopeIsObservedInOrder() async throws {
    // Given an observed suite and test, a suite fixture and a test fixture built on it
    let recorder = EventRecorder()
    let scopes = Scopes(observer: recorder)
    let database = Fixture("database", scope: .suite) { context in
      context.addTeardown {}
      return 1
    }
    let store = Fixture("store") { context in
      context.addTeardown {}
      return try await context.use(database)
    }

    // When one test uses the store and everything ends
    let test = scopes.test("Suite/saves()")
    _ = try await test.use(store, at: CodeLocation())
    await test.end()
    await scopes.suite.end()

    // Then the outline shows each step, dependencies inside their users
    #expect(
      recorder.outline == [
        "scopeBegin process",
        "scopeBegin Suite",
        "scopeBegin Suite/saves()",
        "setupBegin store",
        "setupBegin database",
        "setupEnd database passed",
        "setupEnd store passed",
        "teardownBegin store",
        "teardownEnd store passed",
        "scopeEnd Suite/saves() passed",
        "teardownBegin database",
        "teardownEnd database passed",
        "scopeEnd Suite passed",
      ])
    let suiteSetup = recorder.all.first { $0.phase == .setupEnd && $0.fixture == "database" }
    #expect(suiteSetup?.testName == "Suite/saves()")
    #expect(suiteSetup?.duration != nil)
  }

  @Test func failuresAppearInTheTraceWithTheirMessage() async throws {
    // Given an observed test whose fixture's teardown throws
    let recorder = EventRecorder()
    let fragile = Fixture("fragile") { context in context.addTeardown { throw Boom() } }
    let test = Scopes(observer: recorder).test()
    try await test.use(fragile, at: CodeLocation())

    // When it ends
    await test.end()

    // Then the teardown and the scope are marked failed
    let teardownEnd = recorder.all.first { $0.phase == .teardownEnd }
    #expect(teardownEnd?.outcome == .failed)
    #expect(teardownEnd?.message == "Teardown of fixture 'fragile' threw: boom")
    #expect(recorder.all.last?.phase == .scopeEnd)
    #expect(recorder.all.last?.outcome == .failed)
  }

  @Test func theOutlineIndentsByScopeAndShowsDurations() {
    // Given a suite fixture's setup event
    let event = LifecycleEvent(
      phase: .setupEnd, scope: .suite, scopeName: "StoreTests", fixture: "database",
      testName: "StoreTests/saves()", outcome: .passed, duration: .milliseconds(12))

    // When it is formatted
    let line = TraceOutlineWriter.line(for: event)

    // Then it reads like pytest's --setup-show
    #expect(line.hasPrefix("[CleanSlate]   SETUP     suite    database"))
    #expect(line.contains("12.00 ms"))
    #expect(line.contains("(for StoreTests/saves())"))
  }

  @Test func eachTestFixtureLineNamesItsTestSinceParallelTestsInterleave() {
    // Given a failed teardown of a test fixture, with an empty message and a multi-line one
    let failed = LifecycleEvent(
      phase: .teardownEnd, scope: .test, scopeName: "Suite/a()", fixture: "scratch",
      testName: "Suite/a()", outcome: .failed, duration: .microseconds(90),
      message: "Teardown threw\n  registered at: X.swift:1")
    let empty = LifecycleEvent(
      phase: .teardownEnd, scope: .test, scopeName: "Suite/a()", fixture: "scratch",
      testName: "Suite/a()", outcome: .failed, message: "")

    // When they are formatted
    let line = TraceOutlineWriter.line(for: failed)

    // Then the line names the test, the outcome and the first line of the message
    #expect(line.hasPrefix("[CleanSlate]     TEARDOWN  test     scratch"))
    #expect(line.contains("failed  (in Suite/a())  — Teardown threw"))
    #expect(!line.contains("registered at"))
    #expect(TraceOutlineWriter.line(for: empty).hasSuffix("(in Suite/a())  —"))
  }

  @Test func jsonLinesAreWrittenOneObjectALineAfterAHeader() async throws {
    // Given a JSON Lines writer on a fresh file, observing a test
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-trace-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = TraceJSONLinesWriter(path: path, runID: "run-1")
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(writer), sink: .collecting)
    let test = ScopeRuntime(.test, name: "T/t()", parent: root)
    let scratch = Fixture("scratch") { _ in 1 }

    // When a fixture is set up, the test ends and the writer flushes
    _ = try await test.use(scratch, at: CodeLocation())
    await test.end()
    writer.flush()

    // Then the first line is the process's header, and each later line an event of it
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let objects = try lines.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let header = try #require(objects.first)
    #expect(header["trace"] as? String == "cleanslate")
    #expect(header["v"] as? Int == TraceJSONLinesWriter.schemaVersion)
    #expect(header["run"] as? String == "run-1")
    #expect(header["pid"] as? Int == Int(getpid()))
    let events = objects.dropFirst()
    #expect(
      events.map { $0["phase"] as? String } == [
        "scopeBegin", "scopeBegin", "setupBegin", "setupEnd", "scopeEnd",
      ])
    #expect(events.allSatisfy { $0["run"] as? String == "run-1" && $0["timeMicros"] is Int })
    let setupEnd = objects[4]
    #expect(setupEnd["fixture"] as? String == "scratch")
    #expect(setupEnd["scope"] as? String == "test")
    #expect(setupEnd["test"] == nil)  // a test scope's own events leave it out
    #expect(setupEnd["outcome"] as? String == "passed")
    #expect(setupEnd["durationNanos"] is Int)
    #expect(setupEnd["at"] as? String == scratch.location.description)
    #expect(objects[2]["parentScopeID"] as? Int == objects[1]["scopeID"] as? Int)
  }

  @Test func withoutCleanSlateTraceNothingIsObserved() {
    // Given CLEANSLATE_TRACE unset (as in the plain test run)
    guard ProcessEnvironment.value(of: "CLEANSLATE_TRACE") == nil else { return }

    // Then scopes have no observer: tracing costs one branch
    #expect(EnvironmentTrace.observer == nil)
    #expect(ScopeRuntime(.process, name: "p", parent: nil).observer == nil)
  }
}
