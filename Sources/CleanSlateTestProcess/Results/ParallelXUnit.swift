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
    let cases = entries.map { entry in
      let slash = entry.specifier.lastIndex(of: "/") ?? entry.specifier.endIndex
      return XUnitNode(
        "testcase",
        [
          .init("classname", String(entry.specifier[..<slash])),
          .init("name", String(entry.specifier[slash...].dropFirst())),
          .init("time", "\(entry.seconds)"),
        ],
        children: entry.succeeded ? [] : [XUnitNode("failure", [.init("message", "failure")])])
    }
    let suite = XUnitNode(
      "testsuite",
      [
        .init("name", "TestResults"), .init("errors", "0"), .init("tests", "\(entries.count)"),
        .init("failures", "\(failures)"), .init("time", "\(total)"),
      ], children: cases)
    return XUnitNode("testsuites", children: [suite]).document
  }
}
