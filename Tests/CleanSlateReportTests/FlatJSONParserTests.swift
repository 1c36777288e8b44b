import Foundation
import Testing

@testable import CleanSlateTrace

/// The reader's fast parser for flat trace lines, and its fallback to Foundation's.
@Suite struct FlatJSONParserTests {
  private func parse(_ text: String) -> [String: Any]? {
    Array(text.utf8).withUnsafeBytes { FlatJSONParser.parse($0) }
  }

  @Test func stringsAndIntegersAreReadWithEveryEscape() throws {
    let object = try #require(
      parse(
        #"{"name":"a \"quoted\" \\ back\/slash\n\t\u0001 \u00e9 \ud83d\ude00 é","n":-42,"big":1795553480063113}"#
      ))
    #expect(object["name"] as? String == "a \"quoted\" \\ back/slash\n\t\u{1} é 😀 é")
    #expect(object["n"] as? Int64 == -42)
    #expect(object["big"] as? Int64 == 1_795_553_480_063_113)
    #expect(parse("{}")?.isEmpty == true)
    #expect(parse(#" { "a" : "b" } "#)?["a"] as? String == "b")
  }

  @Test(arguments: [
    #"{"a":1.5}"#, #"{"a":true}"#, #"{"a":null}"#, #"{"a":{"b":1}}"#, #"{"a":[1]}"#, #"{"a":1"#,
    #"{"a":"b"} x"#, #"{"a":99999999999999999999}"#, #"{"a":"\x"}"#, "", "not json",
  ])
  func anythingElseIsLeftToFoundation(text: String) {
    #expect(parse(text) == nil)
  }

  @Test func aLineTheFastParserDoesNotTakeIsStillRead() async throws {
    // Given a trace whose event line has a value of a kind the fast parser does not read
    let sample = SampleTrace()
    let line = sample.event(5, "scopeBegin", "test", 9, "X/y()").dropLast() + #","extra":true}"#
    try await withTraceFile(sample.lines[0] + "\n" + line + "\n") { path in
      // Then Foundation's parser reads it
      let log = try TraceReader.read([path])
      #expect(log.eventCount == 1)
      #expect(log.warnings.isEmpty)
    }
  }
}
