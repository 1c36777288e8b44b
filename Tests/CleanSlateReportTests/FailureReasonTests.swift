import CleanSlate
import CleanSlateReport
import CleanSlateTestSupport
import CleanSlateTrace
import Foundation
import Testing

@testable import CleanSlateTesting

/// The report's problems give every failed test its reason, whatever made it fail: a setup
/// failure recorded at the test, a broken suite fixture, an error thrown by a task that did not
/// inherit the test's scope.
@Suite struct FailureReasonTests {
  @Test func everyFailedTestOfATracedRunHasItsReason() async throws {
    // Given a traced run of a suite whose suite fixture fails, and of a test whose detached
    // task asks for a fixture
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-reasons-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = TraceJSONLinesWriter(path: path, runID: "reasons")
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(writer), sink: .collecting)
    let database = Fixture<Int>("database", scope: .suite) { _ in throw Boom(label: "refused") }
    let answer = Fixture<Int>("answer") { _ in 42 }
    let suiteTrait: CleanSlateTrait = .fixtures(database)

    // When the tests run
    _ = try await collectingIssues {
      try await root.withCurrent {
        try await suiteTrait.provideScope(for: ScopeTarget(.suite, name: "Shop")) {
          for name in ["Shop/lists()", "Shop/sells()"] {
            try await suiteTrait.provideScope(for: ScopeTarget(.test, name: name)) {}
          }
        }
        try? await CleanSlateTrait.cleanSlate.provideScope(
          for: ScopeTarget(.test, name: "Sync/detached()")
        ) {
          _ = try await Task.detached { try await use(answer) }.value
        }
      }
      await root.end()
    }
    writer.flush()

    // Then each failed test is listed with the first thing that went wrong for it
    let report = LifecycleReport(try TraceReader.read([path]))
    let reasons = Dictionary(
      report.problems.filter { $0.kind == .failure }.map { ($0.subject, $0.message) },
      uniquingKeysWith: { first, _ in first })
    #expect(reasons.count == 4, "\(reasons)")
    #expect(reasons["Shop"] == "Setup of fixture 'database' threw: refused")
    #expect(
      reasons["Shop/lists()"]?.hasPrefix("Fixture 'database' (suite scope 'Shop') failed") == true)
    #expect(
      reasons["Shop/sells()"]?.hasPrefix("Fixture 'database' (suite scope 'Shop') failed") == true)
    #expect(
      reasons["Sync/detached()"]?.contains(
        "use(.answer) was called from a task that does not inherit the running test's CleanSlate scope."
      ) == true)
    #expect(!reasons.values.contains("The test failed."))
  }

  @Test func aFailedTestsReplayNoteReachesTheTraceFileAndTheReport() async throws {
    // Given a traced run of a test that draws from a seeded generator, then fails
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-notes-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = TraceJSONLinesWriter(path: path, runID: "notes")
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(writer), sink: .collecting)
    let seeded = Fixture.seededRandom(runSeed: .success(RunSeed(7, origin: .environment)))
    let trait: CleanSlateTrait = .cleanSlate

    // When it runs
    _ = try await collectingIssues {
      try await root.withCurrent {
        try await trait.provideScope(for: ScopeTarget(.test, name: "Shop/ships()")) {
          _ = try await use(seeded).next()
          Issue.record("the parcel was lost")
        }
      }
      await root.end()
    }
    writer.flush()

    // Then the report's failure of the test carries the note, with the seed and its replay
    let report = LifecycleReport(try TraceReader.read([path]))
    let failure = try #require(report.problems.first { $0.subject == "Shop/ships()" })
    #expect(failure.message.hasSuffix("the parcel was lost"))
    #expect(failure.notes.count == 1)
    #expect(
      failure.notes.first?.hasPrefix(
        ".seededRandom drew from the run's seed 7 (set by CLEANSLATE_SEED).\n  Replay the same draws: CLEANSLATE_SEED=7 swift test --filter "
      ) == true, "\(failure.notes)")
    #expect(report.processes.first?.seed == (try? RunSeed.current.get().value.description))
  }
}
