import CleanSlateBisect
import Testing

/// What `cleanslate test` reads of a run: each test's outcome (skipped included) and duration
/// from XCTest's output and from Swift Testing's XUnit file, and the test a crash was in.
@Suite struct RunResultsTests {
  @Test func xctestOutputGivesEachTestsOutcomeDurationAndFirstFailure() {
    let output = """
      Test Case 'AlphaTests.testOne' started at 2026-11-26 02:55:35.551
      Test Case 'AlphaTests.testOne' passed (0.004 seconds)
      Test Case 'AlphaTests.testFails' started at 2026-11-26 02:55:35.556
      /src/AlphaTests.swift:15: error: AlphaTests.testFails : failed - always fails
      Test Case 'AlphaTests.testFails' failed (0.25 seconds)
      Test Case 'AlphaTests.testSkipped' started at 2026-11-26 02:55:35.556
      /src/AlphaTests.swift:23: AlphaTests.testSkipped : Test skipped - skipped on purpose
      Test Case 'AlphaTests.testSkipped' skipped (0.0 seconds)
      Test Case 'AlphaTests.testCrashes' started at 2026-11-26 02:55:35.557
      AlphaTests.swift:19: Fatal error: crashes on purpose
      """

    let results = XCTestOutput(output: output)

    #expect(results["T.AlphaTests/testOne"] == TestResult(.passed, seconds: 0.004))
    #expect(
      results["T.AlphaTests/testFails"]
        == TestResult(
          .failed, seconds: 0.25, failure: "failed - always fails (AlphaTests.swift:15)"))
    #expect(results["T.AlphaTests/testSkipped"] == TestResult(.skipped, seconds: 0))
    #expect(results["T.AlphaTests/testCrashes"] == nil)
    #expect(results.neverEnded("T.AlphaTests/testCrashes"))
    #expect(!results.neverEnded("T.AlphaTests/testOne"))
  }

  @Test func xunitGivesSkippedTestsAndAddsUpArgumentCases() {
    let xml = """
      <testsuites><testsuite name="TestResults">
        <testcase classname="T.Suite" name="cases(_:)" time="0.25" />
        <testcase classname="T.Suite" name="cases(_:)" time="0.5">
          <failure message="Expectation failed: !(x → true) (error): always fails" />
        </testcase>
        <testcase classname="T.Suite" name="skipped()" ><skipped>why</skipped></testcase>
      </testsuite></testsuites>
      """

    let results = XUnitResults(xml: xml)

    #expect(
      results["T.Suite/cases(_:)"]
        == TestResult(
          .failed, seconds: 0.75, failure: "Expectation failed: !(x → true): always fails"))
    #expect(results["T.Suite/skipped()"] == TestResult(.skipped))
    #expect(results["T.Suite/other()"] == nil)
  }
}
