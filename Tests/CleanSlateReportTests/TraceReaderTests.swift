import CleanSlate
import CleanSlateTrace
import Foundation
import Testing

/// Reading traces back: the schema, several files merged, a cut last line, and every bad input.
@Suite struct TraceReaderTests {
  @Test func aTraceReadsBackIntoItsProcessAndEvents() async throws {
    // Given the sample trace in a file
    try await withTraceFile(SampleTrace().text) { path in
      // When it is read
      let log = try TraceReader.read([path])

      // Then it holds one process with its header's fields and every event, fields decoded
      #expect(log.warnings.isEmpty)
      let process = try #require(log.processes.first)
      #expect(log.processes.count == 1)
      #expect(process.run == "run-1")
      #expect(process.pid == 100)
      #expect(process.host == "builder")
      #expect(process.events.count == SampleTrace().lines.count - 1)
      let teardown = try #require(process.events.first { $0.event.outcome == .timedOut })
      #expect(teardown.event.phase == .teardownEnd)
      #expect(teardown.event.fixture == "scratch")
      #expect(teardown.event.scopeID == 4)
      #expect(teardown.event.duration == .milliseconds(3))
      #expect(teardown.event.location?.description == "SuiteTests/Fixtures.swift:11")
      #expect(teardown.startMicros == SampleTrace().start + 5_200)
      let leak = try #require(process.events.first { $0.event.issueCode == "objectLeaked" })
      #expect(leak.event.phase == .issue)
    }
  }

  @Test func whatTheWriterWritesTheReaderReads() async throws {
    // Given a trace written by CleanSlate's own writer
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-roundtrip-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = TraceJSONLinesWriter(path: path, runID: "round")
    let event = LifecycleEvent(
      phase: .setupEnd, scope: .suite, scopeName: "Suite", fixture: "database",
      testName: "Suite/a()", outcome: .passed, duration: .microseconds(1_500), scopeID: 9,
      location: CodeLocation(fileID: "M/F.swift", filePath: "/M/F.swift", line: 4, column: 1))

    // When it is read back
    writer.observe(event)
    writer.flush()
    let read = try #require(try TraceReader.read([path]).processes.first?.events.first?.event)

    // Then every field survived
    #expect(read.phase == event.phase)
    #expect(read.scope == event.scope)
    #expect(read.scopeName == event.scopeName)
    #expect(read.fixture == event.fixture)
    #expect(read.testName == event.testName)
    #expect(read.outcome == event.outcome)
    #expect(read.duration == event.duration)
    #expect(read.scopeID == 9)
    #expect(read.location?.description == "M/F.swift:4")
  }

  @Test func theArgumentCaseOfATestScopeIsReadBack() async throws {
    // Given the beginning of one argument case of a parameterized test, written by the writer
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-case-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = TraceJSONLinesWriter(path: path, runID: "case")
    writer.observe(
      LifecycleEvent(
        phase: .scopeBegin, scope: .test, scopeName: "Suite/items(count:)", scopeID: 3,
        argumentCase: "count → 4"))
    writer.flush()

    // When it is read back
    let read = try #require(try TraceReader.read([path]).processes.first?.events.first?.event)

    // Then the case is there, as written
    #expect(read.argumentCase == "count → 4")
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""case":"count → 4""#))
  }

  @Test func filesOfSeveralProcessesAreMergedAndInterleavedLinesSortedOut() async throws {
    // Given two processes appending to one file, and a third process in a second file
    let first = SampleTrace(pid: 100)
    let second = SampleTrace(pid: 200)
    var interleaved = ""
    for (a, b) in zip(first.lines, second.lines) { interleaved += a + "\n" + b + "\n" }
    try await withTraceFile(interleaved) { shared in
      try await withTraceFile(SampleTrace(run: "run-2", pid: 100).text) { other in
        // When both files are read together
        let log = try TraceReader.read([shared, other])

        // Then there are three processes, each with all of its own events
        #expect(log.processes.map(\.pid) == [100, 200, 100])
        #expect(log.processes.map(\.run) == ["run-1", "run-1", "run-2"])
        #expect(log.processes.allSatisfy { $0.events.count == first.lines.count - 1 })
        #expect(log.eventCount == 3 * (first.lines.count - 1))
      }
    }
  }

  @Test func aCutLastLineIsReadUpToWithAWarning() async throws {
    // Given a trace whose last line was cut short by a crash
    var text = SampleTrace().text
    text.removeLast(30)
    try await withTraceFile(text) { path in
      // When it is read
      let log = try TraceReader.read([path])

      // Then every whole line is read, and a warning says the last one was cut
      #expect(log.eventCount == SampleTrace().lines.count - 2)
      #expect(log.warnings.count == 1)
      #expect(log.warnings.first?.contains("the last line is cut short") == true)
      #expect(log.warnings.first?.hasPrefix("\(path):\(SampleTrace().lines.count):") == true)
    }
  }

  @Test func aMissingFileIsAClearError() throws {
    let error = #expect(throws: TraceReadError.self) {
      try TraceReader.read(["/nonexistent/trace.jsonl"])
    }
    #expect(error?.kind == .unreadable)
    #expect(error?.description == "/nonexistent/trace.jsonl: no such file")
  }

  @Test(arguments: [
    ("", "the file is empty"),
    ("hello world\n", "line 1 is not a JSON object"),
    ("{\"phase\":\"scopeBegin\"}\n", "does not start with a trace header"),
    ("{\"trace\":\"other\",\"v\":1}\n", "line 1 is a header of another kind"),
    ("\n\n", "the file is empty"),
  ])
  func aFileThatIsNotATraceIsAClearError(text: String, reason: String) async {
    await withTraceFile(text) { path in
      let error = #expect(throws: TraceReadError.self) { try TraceReader.read([path]) }
      #expect(error?.kind == .notATrace)
      #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "")")
    }
  }

  @Test func aNewerSchemaIsAClearError() async {
    // Given a trace written in a schema newer than the reader's
    let sample = SampleTrace()
    let text = ([sample.header(version: TraceReader.schemaVersion + 1)] + sample.lines.dropFirst())
      .joined(separator: "\n")
    await withTraceFile(text) { path in
      // Then reading it fails, naming both versions
      let error = #expect(throws: TraceReadError.self) { try TraceReader.read([path]) }
      #expect(error?.kind == .newerSchema)
      #expect(error?.reason.contains("schema \(TraceReader.schemaVersion + 1)") == true)
    }
  }

  @Test func linesOfAProcessWithoutAHeaderAndUnknownEventsAreSkippedWithWarnings() async throws {
    // Given a trace with an event of a process it has no header for, and an unknown phase
    let sample = SampleTrace()
    let stranger = SampleTrace(pid: 999).event(5, "scopeBegin", "test", 9, "X/y()")
    let unknown = sample.event(6, "somethingNew", "test", 9, "X/y()")
    try await withTraceFile(sample.text + stranger + "\n" + unknown + "\n") { path in
      // When it is read
      let log = try TraceReader.read([path])

      // Then both are skipped, each with a warning
      #expect(log.eventCount == sample.lines.count - 1)
      #expect(log.warnings.count == 2)
      #expect(log.warnings[0].contains("process 999"))
      #expect(log.warnings[1].contains("not a lifecycle event this reader knows"))
    }
  }
}
