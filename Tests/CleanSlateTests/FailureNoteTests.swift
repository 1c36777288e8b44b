import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// What a failed test gets noted: the short texts its fixtures offer, made as the test ends and
/// put in the trace, for the integrations to print with its failures.
@Suite struct FailureNoteTests {
  @Test func aFailedTestGetsItsFixturesNotesInTheTraceAndForItsOutput() async throws {
    // Given a test fixture and a suite fixture that each offer a note
    let events = EventRecorder()
    let scopes = Scopes(observer: events)
    let server = Fixture("server") { context in
      context.addFailureNote { "The server listened on port 8080." }
    }
    let shared = Fixture("shared", scope: .suite) { context in
      context.addFailureNote { "The database was cs_1." }
    }
    let test = scopes.test("Suite/fails()")
    let line = #line + 1
    try await test.use(server, at: CodeLocation(line: line))
    try await test.use(shared, at: CodeLocation())

    // When the test fails and ends
    test.markFailed()
    await test.end()

    // Then its own fixture's note comes first, at the line that asked for it, then the suite's,
    // each in the trace before the test's end
    #expect(
      test.failureNotes.map(\.text) == [
        "The server listened on port 8080.", "The database was cs_1.",
      ])
    #expect(test.failureNotes.first?.location.line == line)
    #expect(test.failureNotes.first?.fixture == "server")
    let notes = events.all.filter { $0.phase == .note }
    #expect(notes.map(\.message) == test.failureNotes.map(\.text))
    #expect(notes.first?.location?.line == line)
    #expect(notes.allSatisfy { $0.scope == .test && $0.scopeName == "Suite/fails()" })
    #expect(
      events.outline.suffix(3) == ["note server", "note shared", "scopeEnd Suite/fails() failed"])
  }

  @Test func aPassingTestGetsNoNotes() async throws {
    // Given a test whose fixture offers a note
    let events = EventRecorder()
    let made = Counter()
    let server = Fixture("server") { context in
      context.addFailureNote {
        made.increment()
        return "port 8080"
      }
    }
    let test = Scopes(observer: events).test()
    try await test.use(server, at: CodeLocation())

    // When the test passes
    await test.end()

    // Then no note is made, nor traced
    #expect(test.failureNotes.isEmpty)
    #expect(made.value == 0)
    #expect(!events.all.contains { $0.phase == .note })
  }

  @Test func aNoteIsMadeAfterEveryTeardownAndMaySayNothing() async throws {
    // Given fixtures whose notes read what a teardown left, or return nil
    let journal = Journal()
    let server = Fixture("server") { context in
      context.addFailureNote { "after \(journal.all.joined(separator: ", "))" }
      context.addTeardown { journal.record("stopped") }
    }
    let quiet = Fixture("quiet") { context in context.addFailureNote { nil } }
    let test = Scopes().test()
    try await test.use(server, at: CodeLocation())
    try await test.use(quiet, at: CodeLocation())

    // When the test fails and ends
    test.markFailed()
    await test.end()

    // Then the note saw the teardown, and the quiet fixture noted nothing
    #expect(test.failureNotes.map(\.text) == ["after stopped"])
  }

  @Test func theOutlinePrintsANoteWithItsLocation() {
    let line = TraceOutlineWriter.line(
      for: LifecycleEvent(
        phase: .note, scope: .test, scopeName: "Suite/fails()", fixture: "seededRandom",
        testName: "Suite/fails()", message: "drew from seed 42\n  Replay: …",
        location: CodeLocation(fileID: "Tests/FailsTests.swift", line: 12)))
    #expect(
      line
        == "[CleanSlate]     NOTE      test     seededRandom              (in Suite/fails())  — drew from seed 42  at Tests/FailsTests.swift:12"
    )
  }
}
