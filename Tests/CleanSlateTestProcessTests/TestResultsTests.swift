import CleanSlate
import Foundation
import Testing

@testable import CleanSlateTestProcess

/// Whether the victim passed, and why not, is read from XCTest's output and Swift Testing's XUnit
/// file (for `cleanslate test`, each test's outcome, skipped included, its duration, and the test
/// a crash was in); the filter matches exact names; the commands print as a shell reads them back.
@Suite struct TestResultsTests {
  @Test func xctestOutputOnLinuxAndApplePlatforms() {
    let linux = """
      Test Case 'WelcomeTests.testWelcomes' started at 2026-11-24 22:33:23.652
      Test Case 'WelcomeTests.testWelcomes' failed (0.001 seconds)
      Test Case 'WelcomeTests.testWelcomesAnyone' passed (0.001 seconds)
      """
    #expect(XCTestOutput(output: linux)["Tests.WelcomeTests/testWelcomes"]?.passed == false)
    #expect(XCTestOutput(output: linux)["Tests.WelcomeTests/testWelcomesAnyone"]?.passed == true)
    #expect(XCTestOutput(output: linux)["Tests.WelcomeTests/testOther"]?.passed == nil)
    let apple = "Test Case '-[Tests.WelcomeTests testWelcomes]' passed (0.001 seconds)."
    #expect(XCTestOutput(output: apple)["Tests.WelcomeTests/testWelcomes"]?.passed == true)
  }

  @Test func swiftTestingXUnitResults() {
    let xml = """
      <testsuites><testsuite name="TestResults">
        <testcase classname="Tests.Outer.Inner" name="passes()" time="0.1" />
        <testcase classname="Tests.Suite" name="fails(_:)" time="0.1">
          <failure message="Expectation failed" />
        </testcase>
      </testsuite></testsuites>
      """
    #expect(XUnitResults(xml: xml)["Tests.Outer/Inner/passes()"]?.passed == true)
    #expect(XUnitResults(xml: xml)["Tests.Suite/fails(_:)"]?.passed == false)
    #expect(XUnitResults(xml: xml)["Tests.Suite/other()"]?.passed == nil)
  }

  @Test func theFilterMatchesExactNamesOnly() throws {
    let filter = TestName.filter(matching: ["Tests.Suite/fails(_:)", "Tests.A/testB"])
    let regex = try Regex(filter)
    #expect("Tests.Suite/fails(_:)".wholeMatch(of: regex) != nil)
    #expect("Tests.Suite/fails(_:)/Suite.swift:12:4".wholeMatch(of: regex) != nil)
    #expect("Tests.A/testB/Suite.swift:12:4".wholeMatch(of: regex) == nil)
    #expect("Tests.A/testB".wholeMatch(of: regex) != nil)
    #expect("Tests.A/testBB".firstMatch(of: regex) == nil)
    #expect("XTests.A/testB".firstMatch(of: regex) == nil)
  }

  @Test func theFirstFailureOfAnXCTestTestInOneLine() {
    let linux = """
      Test Case 'WelcomeTests.testOther' started at 2026-11-24 22:33:23.650
      /src/Tests/WelcomeTests.swift:4: error: WelcomeTests.testOther : XCTFail failed - other
      Test Case 'WelcomeTests.testWelcomes' started at 2026-11-24 22:33:23.652
      /src/Tests/WelcomeTests.swift:8: error: WelcomeTests.testWelcomes : XCTAssertEqual failed: ("Bonjour") is not equal to ("Hello") - 
      /src/Tests/WelcomeTests.swift:9: error: WelcomeTests.testWelcomes : XCTAssertTrue failed - 
      Test Case 'WelcomeTests.testWelcomes' failed (0.001 seconds)
      """
    #expect(
      XCTestOutput(output: linux).firstFailure(of: "Tests.WelcomeTests/testWelcomes")
        == #"XCTAssertEqual failed: ("Bonjour") is not equal to ("Hello") (WelcomeTests.swift:8)"#)
    #expect(XCTestOutput(output: linux).firstFailure(of: "Tests.WelcomeTests/testAnyone") == nil)
    let apple = "/src/W.swift:3: error: -[Tests.WelcomeTests testWelcomes] : failed - why"
    #expect(
      XCTestOutput(output: apple).firstFailure(of: "Tests.WelcomeTests/testWelcomes")
        == "failed - why (W.swift:3)")
  }

  @Test func theFirstFailureOfASwiftTestingTestInOneLine() {
    let xml = """
      <testsuites><testsuite name="TestResults">
        <testcase classname="Tests.Suite" name="welcomes()" time="0.1">
          <failure message="Expectation failed: (greeting &#8594; &quot;Bonjour&quot;) == &quot;Hello&quot; (error)" />
          <failure message="Second" />
        </testcase>
        <testcase classname="Tests.Suite" name="leaks()" time="0.1">
          <failure message="Caught error: Test 'Suite/leaks()' left 1 file:&#10;    + /tmp/x (error)" />
        </testcase>
        <testcase classname="Tests.Suite" name="passes()" time="0.1" />
      </testsuite></testsuites>
      """
    #expect(
      XUnitResults(xml: xml)["Tests.Suite/welcomes()"]?.failure
        == #"Expectation failed: (greeting → "Bonjour") == "Hello""#)
    #expect(
      XUnitResults(xml: xml)["Tests.Suite/leaks()"]?.failure
        == "Caught error: Test 'Suite/leaks()' left 1 file:")
    #expect(XUnitResults(xml: xml)["Tests.Suite/passes()"]?.failure == nil)
  }

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

    #expect(results["T.AlphaTests/testOne"] == TestEnd(.passed, seconds: 0.004))
    #expect(
      results["T.AlphaTests/testFails"]
        == TestEnd(
          .failed, seconds: 0.25, failure: "failed - always fails (AlphaTests.swift:15)"))
    #expect(results["T.AlphaTests/testSkipped"] == TestEnd(.skipped, seconds: 0))
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
        == TestEnd(
          .failed, seconds: 0.75, failure: "Expectation failed: !(x → true): always fails"))
    #expect(results["T.Suite/skipped()"] == TestEnd(.skipped))
    #expect(results["T.Suite/other()"] == nil)
  }
}
