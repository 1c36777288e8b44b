import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation
import Testing

/// A failure no test accounts for (a test process that failed while its tests passed, an issue
/// recorded outside any test) is never read cleaner than it was: the summary line, the JSON,
/// JUnit and the exit status all carry it, and it fails the session although every test passed.
@Suite struct UnplacedReportsTests {
  private let run = SessionResult(
    records: [
      TestRecord(name: "T.A/testOne", attempts: [.init(repetition: 1, end: .init(.passed))]),
      TestRecord(name: "T.adds()", attempts: [.init(repetition: 1, end: .init(.passed))]),
    ],
    unplaced: [
      UnplacedFailure(
        "the XCTest process TPackageTests.xctest exited with status 1, and none of its 1 tests failed",
        repetition: 1),
      UnplacedFailure(
        "the XCTest process TPackageTests.xctest exited with status 1, and none of its 1 tests failed",
        repetition: 3),
      UnplacedFailure("Swift Testing recorded a failure outside any test: by a trait (S.swift:4)"),
    ])

  @Test func theSummarySaysEachUnplacedFailureOnceAndCountsThem() {
    let lines = SessionSummary(run).lines

    #expect(
      lines.contains(
        "Unplaced failure: the XCTest process TPackageTests.xctest exited with status 1, and none of its 1 tests failed (2 times, in repetitions 1, 3); it fails the run."
      ), "\(lines)")
    #expect(
      lines.contains(
        "Unplaced failure: Swift Testing recorded a failure outside any test: by a trait (S.swift:4); it fails the run."
      ), "\(lines)")
    #expect(lines.last == "2 passed, 0 failed, 0 flaky, 0 skipped, 3 failures no test accounts for")
  }

  @Test func theJSONAndJUnitCarryEachUnplacedFailure() throws {
    // When the session's reports are written
    let json = SummaryJSON.text(FinishedSession(run))
    let xml = JUnitReport.xml(FinishedSession(run))

    // Then the JSON lists each failure with its repetition
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let unplaced = try #require(object["unplaced"] as? [[String: Any]])
    #expect(unplaced.map { $0["repetition"] as? Int } == [1, 3, 1])
    #expect(
      unplaced.last?["failure"] as? String
        == "Swift Testing recorded a failure outside any test: by a trait (S.swift:4)")
    // And JUnit holds each as an error of the cleanslate suite
    #expect(xml.components(separatedBy: #"type="unplaced""#).count == 4, "\(xml)")
    #expect(xml.contains(#"name="unplaced failure 3""#), "\(xml)")
  }

  @Test func anUnplacedFailureFailsASessionWhoseTestsAllPassed() {
    #expect(FinishedSession(run).fails())
    #expect(!FinishedSession(SessionResult(records: run.records)).fails())
  }
}
