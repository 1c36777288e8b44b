import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// The JSON Lines writer: valid JSON whatever the names hold, buffered, flushed whole.
@Suite struct TraceJSONLinesWriterTests {
  private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-writer-\(UUID().uuidString).jsonl").path
  }

  private func objects(at path: String) throws -> [[String: Any]] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func namesAndMessagesWithQuotesNewlinesAndControlCharactersStayValidJSON() throws {
    // Given an event whose strings hold what JSON must escape, and non-ASCII text
    let name = "T/\"quoted\" \\ back\nslash\t\u{1}\u{1F}é→"
    let event = LifecycleEvent(
      phase: .issue, scope: .test, scopeName: name, outcome: .failed, message: name,
      scopeID: 7, issueCode: "x")

    // When it is encoded
    let line = TraceJSONLinesWriter.line(for: event)

    // Then it parses back to the same strings
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["scopeName"] as? String == name)
    #expect(object["message"] as? String == name)
    #expect(object["scopeID"] as? Int == 7)
    #expect(!line.contains("\n"))
  }

  @Test(arguments: [0, 7, 10, 99, 100, 101, 12_345, 1_000_000, Int.max, -42])
  func integersAreWrittenExactly(number: Int) throws {
    let event = LifecycleEvent(phase: .scopeBegin, scope: .test, scopeName: "t", scopeID: number)
    let line = TraceJSONLinesWriter.line(for: event)
    #expect(line.contains("\"scopeID\":\(number),"))
  }

  @Test func linesReachTheFileWhenTheProcessScopeEndsWithoutAFlush() async throws {
    // Given a writer observing a private process scope
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = TraceJSONLinesWriter(path: path, runID: "r")
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(writer), sink: .collecting)

    // When the process scope ends
    await root.end()

    // Then the header and both events are in the file at once
    let phases = try objects(at: path).map { $0["phase"] as? String ?? "header" }
    #expect(phases == ["header", "scopeBegin", "scopeEnd"])
  }

  @Test func twoWritersAppendingToOneFileNeverMixTheirLines() async throws {
    // Given two writers (two processes, say) on one file
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writers = [
      TraceJSONLinesWriter(path: path, runID: "a"), TraceJSONLinesWriter(path: path, runID: "b"),
    ]

    // When each writes many events concurrently and flushes
    await withTaskGroup(of: Void.self) { group in
      for writer in writers {
        group.addTask {
          for index in 0..<2_000 {
            writer.observe(
              LifecycleEvent(phase: .scopeBegin, scope: .test, scopeName: "t\(index)"))
          }
          writer.flush()
        }
      }
    }

    // Then every line is whole: two headers and every event of each
    let all = try objects(at: path)
    #expect(all.count == 2 + 4_000)
    #expect(all.filter { $0["trace"] != nil }.count == 2)
    #expect(all.filter { $0["run"] as? String == "a" }.count == 2_001)
  }

  @Test func aFileThatCannotBeOpenedTurnsTracingOffInsteadOfFailing() {
    // Given a path in a directory that does not exist
    let writer = TraceJSONLinesWriter(path: "/nonexistent-\(UUID().uuidString)/trace.jsonl")

    // Then observing and flushing do nothing
    writer.observe(LifecycleEvent(phase: .scopeBegin, scope: .test, scopeName: "t"))
    writer.flush()
  }
}
