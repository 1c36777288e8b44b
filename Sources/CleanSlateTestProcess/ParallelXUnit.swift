import Foundation

/// The XUnit file `swift test --parallel --xunit-output` writes of XCTest's tests, each run in a
/// process of its own: one `<testcase>` per test with its process's time, and a `<failure>` for a
/// process that failed. (A skipped test passed, as SwiftPM writes it.)
enum ParallelXUnit {
  /// One test's process: its specifier (`Module.Class/testMethod`), whether it succeeded, and how
  /// long it took in seconds.
  struct Entry {
    var specifier: String
    var succeeded: Bool
    var seconds: Double
  }

  /// The document of `entries`, in their order.
  static func document(_ entries: [Entry]) -> String {
    let failures = entries.count(where: { !$0.succeeded })
    let total = entries.reduce(0) { $0 + $1.seconds }
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites>
      <testsuite name="TestResults" errors="0" tests="\(entries.count)" failures="\(failures)" time="\(total)">

      """
    for entry in entries {
      let slash = entry.specifier.lastIndex(of: "/") ?? entry.specifier.endIndex
      let testCase = XMLText.attribute(String(entry.specifier[..<slash]))
      let name = XMLText.attribute(String(entry.specifier[slash...].dropFirst()))
      text += "<testcase classname=\"\(testCase)\" name=\"\(name)\" time=\"\(entry.seconds)\">\n"
      if !entry.succeeded { text += "<failure message=\"failure\"></failure>\n" }
      text += "</testcase>\n"
    }
    return text + "</testsuite>\n</testsuites>\n"
  }
}
