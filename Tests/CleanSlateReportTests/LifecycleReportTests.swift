import CleanSlate
import CleanSlateReport
import CleanSlateTrace
import Foundation
import Testing

/// What the report computes from a known trace: the fixture table, the bars and their lanes,
/// the slowest tests, and the problems.
@Suite struct LifecycleReportTests {
  private func sampleReport() async throws -> LifecycleReport {
    try await withTraceFile(SampleTrace().text) { LifecycleReport(try TraceReader.read([$0])) }
  }

  @Test func theFixtureTableCountsASharedFixtureOnceAndGivesTotalsAndMeans() async throws {
    // Given the sample trace: a suite fixture set up once for two tests, a test fixture twice
    let report = try await sampleReport()

    // Then the table has one row per fixture, slowest first, with the trace's own numbers
    let rows = report.summary.fixtureRows
    #expect(rows.map(\.name) == ["database", "scratch"])
    let database = rows[0]
    #expect(database.scope == .suite)
    #expect(database.setups == 1)
    #expect(database.setupTime == .milliseconds(30))
    #expect(database.teardownTime == .milliseconds(10))
    #expect(database.totalTime == .milliseconds(40))
    #expect(database.meanTime == .milliseconds(40))
    #expect(database.declaration == "SuiteTests/Fixtures.swift:3")
    let scratch = rows[1]
    #expect(scratch.setups == 2)
    #expect(scratch.teardowns == 2)
    #expect(scratch.totalTime == .milliseconds(10))
    #expect(scratch.meanTime == .milliseconds(5))
    #expect(report.summary.tests == 2)
    #expect(report.summary.failedTests == 1)
    #expect(report.summary.timedOutTeardowns == 1)
  }

  @Test func eachTestIsABarOfItsSetupsBodyAndTeardownsOnItsOwnLane() async throws {
    let report = try await sampleReport()

    // Then the two overlapping tests are on two lanes, each bar from its scope's times
    #expect(report.processes.count == 1)
    #expect(report.processes[0].lanes == 2)
    let a = try #require(report.tests.first { $0.name == "Suite/a()" })
    let b = try #require(report.tests.first { $0.name == "Suite/b()" })
    #expect(a.lane == 0 && b.lane == 1)
    #expect(a.suite == "Suite")
    #expect(a.start == 100 && a.end == 38_100)
    #expect(a.outcome == .passed)
    // The suite fixture set up for a() is part of a()'s bar, as a setup of the suite scope
    #expect(
      a.segments.map { "\($0.kind) \($0.name) \($0.scope)" } == [
        "setup database suite", "setup scratch test", "body body test", "teardown scratch test",
      ])
    let shared = a.segments[0]
    #expect(shared.start == 100 && shared.end == 30_100)
    #expect(a.segments[2].start == 32_100 && a.segments[2].end == 37_100)
    // b() failed and a teardown of it timed out: the bar says timed out
    #expect(b.outcome == .timedOut)
    #expect(b.issues.map(\.location) == ["SuiteTests/B.swift:12", "SuiteTests/B.swift:14"])
    #expect(report.slowestTests(1).map(\.name) == ["Suite/a()"])
  }

  @Test func failuresTimeoutsAndLeaksAreListedWithTheirTest() async throws {
    let report = try await sampleReport()
    let b = try #require(report.tests.first { $0.name == "Suite/b()" })

    // Then each problem names b() and says what happened
    #expect(report.problems.map(\.kind) == [.teardownTimeout, .leak, .failure])
    #expect(report.problems.allSatisfy { $0.test == b.id && $0.subject == "Suite/b()" })
    #expect(report.problems[0].message.hasPrefix("Teardown of fixture 'scratch' did not finish"))
    #expect(report.problems[1].message == "Cache was still alive after every teardown of the test.")
    #expect(report.problems[2].message == "Expectation failed: (count → 2) == 1")
    #expect(report.problems[2].location == "SuiteTests/B.swift:12")
  }

  @Test func aFailedTestKeepsWhatItsFixturesNotedAndTheProcessItsSeed() async throws {
    let report = try await sampleReport()
    let b = try #require(report.tests.first { $0.name == "Suite/b()" })

    // Then b() has its generator's note, at the line that asked for it, and so does its failure;
    // the process has the seed its header names
    #expect(b.notes == [.init(message: SampleTrace.replayNote, location: "SuiteTests/B.swift:9")])
    #expect(report.problems.last?.notes == [SampleTrace.replayNote])
    #expect(report.processes.map(\.seed) == ["2718281828"])
  }

  @Test func aTestOfACrashedProcessIsUnfinishedUpToTheLastEvent() async throws {
    // Given a trace cut right after a test's setup (the process crashed)
    let sample = SampleTrace()
    let lines = sample.lines.prefix(7)
    try await withTraceFile(lines.joined(separator: "\n") + "\n") { path in
      let report = LifecycleReport(try TraceReader.read([path]))

      // Then both tests are unfinished bars reaching the last event
      #expect(report.tests.map(\.outcome) == [.unfinished, .unfinished])
      #expect(report.tests.allSatisfy { $0.end == 32_100 })
    }
  }
}
