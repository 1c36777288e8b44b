import CleanSlate
import Foundation
import Testing

@testable import CleanSlateRunner

/// `--timings` reads durations from lifecycle traces and from JUnit or XUnit XML, names matched
/// to what `swift test list` prints; a file it cannot use is a warning, never an error.
@Suite struct TimingsReaderTests {
  /// A file of `contents` in a directory of its own, removed after `body`.
  private func withFile<R>(
    _ contents: String, named name: String = "timings", _ body: (String) throws -> R
  ) throws -> R {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-timings-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(name).path
    try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    return try body(path)
  }

  @Test func readsSwiftTestingsXUnitAndCleanSlatesJUnit() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites><testsuite name="TestResults">
        <testcase classname="Tests.Outer.Inner" name="passes()" time="1.5" />
        <testcase classname="Tests.Suite" name="cases(_:)" time="0.25"><failure message="x"/></testcase>
        <testcase classname="Tests.Suite" name="cases(_:)" time="0.5" />
        <testcase classname="Tests.Suite" name="skipped()"><skipped/></testcase>
        <testcase classname="Tests.XC" name="testA" time="0.002" />
      </testsuite></testsuites>
      """

    let read = try withFile(xml) { TimingsReader.read([$0]) }

    #expect(read.warnings.isEmpty)
    #expect(read.timings.micros(of: "Tests.Outer/Inner/passes()") == 1_500_000)
    #expect(read.timings.micros(of: "Tests.Suite/cases(_:)") == 750_000)
    #expect(read.timings.micros(of: "Tests.XC/testA") == 2_000)
    #expect(read.timings.micros(of: "Tests.Suite/skipped()") == nil)
  }

  @Test func readsTestDurationsFromATraceByTheirNameWithoutTheModule() throws {
    let trace = """
      {"trace":"cleanslate","v":1,"run":"r","pid":1,"host":"h","timeMicros":1000,"command":"c"}
      {"run":"r","pid":1,"timeMicros":1000,"phase":"scopeBegin","scope":"suite","scopeID":1,"scopeName":"StoreTests"}
      {"run":"r","pid":1,"timeMicros":1100,"phase":"scopeBegin","scope":"test","scopeID":2,"parentScopeID":1,"scopeName":"StoreTests/saves()"}
      {"run":"r","pid":1,"timeMicros":4100,"phase":"scopeEnd","scope":"test","scopeID":2,"scopeName":"StoreTests/saves()","outcome":"passed"}
      {"run":"r","pid":1,"timeMicros":5000,"phase":"scopeBegin","scope":"test","scopeID":3,"scopeName":"StoreXCTests.testSaves"}
      {"run":"r","pid":1,"timeMicros":5250,"phase":"scopeEnd","scope":"test","scopeID":3,"scopeName":"StoreXCTests.testSaves","outcome":"failed"}

      """

    let read = try withFile(trace, named: "trace.jsonl") { TimingsReader.read([$0]) }

    #expect(read.warnings.isEmpty)
    #expect(read.timings.micros(of: "StoreTests.StoreTests/saves()") == 3_000)
    #expect(read.timings.micros(of: "StoreTests.StoreXCTests/testSaves") == 250)
    #expect(read.timings.micros(of: "StoreTests.StoreXCTests/testOther") == nil)
  }

  @Test func aLaterFileReplacesTheDurationsOfAnEarlierOne() throws {
    let old = #"<testsuites><testcase classname="T.A" name="b" time="1" /></testsuites>"#
    let new = #"<testsuites><testcase classname="T.A" name="b" time="2" /></testsuites>"#

    let read = try withFile(old) { first in try withFile(new) { TimingsReader.read([first, $0]) } }

    #expect(read.timings.micros(of: "T.A/b") == 2_000_000)
  }

  @Test func aMissingEmptyOrMalformedFileIsAWarningAndLeftOut() throws {
    let good = #"<testsuites><testcase classname="T.A" name="b" time="1" /></testsuites>"#

    let read = try withFile(good) { good in
      try withFile("") { empty in
        try withFile("<testsuites><testcase") { cut in
          try withFile("just words\n") { words in
            try withFile("<testsuites/>") { none in
              (
                TimingsReader.read(["/no/such/file.xml", empty, cut, words, none, good]),
                [empty, cut, words, none]
              )
            }
          }
        }
      }
    }

    let (result, paths) = read
    #expect(result.timings.micros(of: "T.A/b") == 1_000_000)
    #expect(result.warnings.count == 5)
    #expect(result.warnings[0] == "/no/such/file.xml: no such file; its timings are left out.")
    #expect(result.warnings[1] == "\(paths[0]): the file is empty; its timings are left out.")
    #expect(result.warnings[2].hasPrefix("\(paths[1]): not well-formed XML at line 1"))
    #expect(
      result.warnings[3]
        == "\(paths[2]): not a CleanSlate lifecycle trace: line 1 is not a JSON object (write one with CLEANSLATE_TRACE=/path/trace.jsonl); its timings are left out."
    )
    #expect(result.warnings[4] == "\(paths[3]): no test durations in it; its timings are left out.")
  }
}
