import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation
import Testing

/// A step that stops on an error after the tests ran (the check of new tests, `--explain`) loses
/// nothing: every report hears the whole session and the stop, and the session fails.
@Suite struct StoppedStepReportsTests {
  private let run = SessionResult(records: [
    TestRecord(name: "T.A/testOne", attempts: [.init(repetition: 1, end: .init(.passed))]),
    TestRecord(name: "T.adds()", attempts: [.init(repetition: 1, end: .init(.passed))]),
  ])
  private let stopped = StoppedStep(
    "--explain", error: "cannot create /tmp/cleanslate-test-1/launcher/launch-3: File exists")

  /// What a reporter heard: the session's end, then the stop, then the end of everything.
  private func heard() -> FinishedSession? {
    var heard = HeardSession()
    heard.hear(.sessionEnded(FinishedSession(run)))
    heard.hear(.stepStopped(stopped))
    heard.hear(.finished)
    return heard.session
  }

  @Test func theSummarySaysTheStopAndCountsIt() throws {
    let lines = try #require(heard()).summary.lines

    #expect(
      lines.contains(
        "Stopped: --explain: cannot create /tmp/cleanslate-test-1/launcher/launch-3: File exists. Every test's result is kept; it fails the run."
      ), "\(lines)")
    #expect(lines.last == "2 passed, 0 failed, 0 flaky, 0 skipped, 1 step stopped")
  }

  @Test func theJSONAndJUnitCarryEveryTestAndTheStop() throws {
    let session = try #require(heard())
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(SummaryJSON.text(session).utf8))
        as? [String: Any])
    #expect((object["tests"] as? [Any])?.count == 2)
    let steps = try #require(object["stopped"] as? [[String: Any]])
    #expect(steps.map { $0["step"] as? String } == ["--explain"])
    let xml = JUnitReport.xml(session)
    #expect(
      xml.contains(
        #"<error message="--explain: cannot create /tmp/cleanslate-test-1/launcher/launch-3: File exists." type="stopped"/>"#
      ), "\(xml)")
    #expect(xml.contains(#"name="testOne""#))
  }

  @Test func aStoppedStepFailsASessionWhoseTestsAllPassed() throws {
    #expect(try #require(heard()).fails())
    #expect(!FinishedSession(run).fails())
  }
}
