import CleanSlate
import Foundation
import Testing

@testable import CleanSlateTrace

/// The fields the reader takes from a line: the same whichever parser read it, and none read
/// past a line that ends early.
@Suite struct TraceLineTests {
  private func parse(_ text: String) -> [String: Any]? {
    Array(text.utf8).withUnsafeBytes { FlatJSONParser.parse($0) }
  }

  @Test(arguments: [
    #"{"a""#, #"{"a" "#, #"{"a":"#, #"{"a": "#, #"{"a":1,"#, #"{"a":1, "#, #"{"a":"b","#,
    #"{"a":"b"#, #"{"a":"b\"#,
  ])
  func aLineCutShortIsNotAFlatObject(text: String) {
    #expect(parse(text) == nil)
  }

  @Test func spacesAroundEveryTokenAreRead() {
    let object = parse(#" { "a" : "b" , "n" : -3 , "e" : "" } "#)
    #expect(object?["a"] as? String == "b")
    #expect(object?["n"] as? Int64 == -3)
    #expect(object?["e"] as? String == "")
  }

  @Test func anEventReadsTheSameByEitherParser() async throws {
    // Given one event written flat (the fast parser's), and the same with an escaped key, spaces
    // and a value only Foundation's parser reads
    let sample = SampleTrace()
    let flat = sample.event(
      5, "teardownEnd", "test", 3, "Suite/a()", fixture: "scratch", outcome: "timedOut",
      milliseconds: 3, at: "SuiteTests/Fixtures.swift:11", message: "did not \"finish\"")
    let other =
      #"{ "run" : "run-1", "pid": 100, "timeMicros": \#(sample.start + 5), "ph\u0061se": "teardownEnd", "scope": "test", "scopeID": 3, "scopeName": "Suite/a()", "fixture": "scratch", "outcome": "timedOut", "durationNanos": 3000000, "at": "SuiteTests/Fixtures.swift:11", "message": "did not \"finish\"", "extra": [true] }"#

    // When both are read
    try await withTraceFile([sample.lines[0], flat, other].joined(separator: "\n") + "\n") {
      path in
      let log = try TraceReader.read([path])

      // Then they are the same event
      #expect(log.warnings.isEmpty)
      let events = try #require(log.processes.first?.events)
      #expect(events.count == 2)
      #expect(events.first?.event == events.last?.event)
      #expect(events.first?.timeMicros == events.last?.timeMicros)
      #expect(events.first?.event.phase == .teardownEnd)
      #expect(events.first?.event.message == "did not \"finish\"")
      #expect(events.first?.event.location?.description == "SuiteTests/Fixtures.swift:11")
    }
  }

  @Test func aFieldOfTheWrongKindIsLeftOut() async throws {
    // Given an event whose fixture is a number and whose scope ID is a string
    let sample = SampleTrace()
    let line =
      #"{"run":"run-1","pid":100,"timeMicros":1,"phase":"setupBegin","scope":"test","scopeID":"3","scopeName":"Suite/a()","fixture":7}"#

    // When it is read
    try await withTraceFile(sample.lines[0] + "\n" + line + "\n") { path in
      let event = try #require(try TraceReader.read([path]).processes.first?.events.first?.event)

      // Then neither is taken, as Foundation's parser would not take them
      #expect(event.fixture == nil)
      #expect(event.scopeID == 0)
    }
  }
}
