import CleanSlate
import Testing

@testable import CleanSlateBisect

/// Whether the victim passed is read from XCTest's output and Swift Testing's XUnit file; the
/// filter matches exact names.
@Suite struct TestResultsTests {
  @Test func xctestOutputOnLinuxAndApplePlatforms() {
    let linux = """
      Test Case 'WelcomeTests.testWelcomes' started at 2026-11-24 22:33:23.652
      Test Case 'WelcomeTests.testWelcomes' failed (0.001 seconds)
      Test Case 'WelcomeTests.testWelcomesAnyone' passed (0.001 seconds)
      """
    #expect(XCTestOutput.passed("Tests.WelcomeTests/testWelcomes", in: linux) == false)
    #expect(XCTestOutput.passed("Tests.WelcomeTests/testWelcomesAnyone", in: linux) == true)
    #expect(XCTestOutput.passed("Tests.WelcomeTests/testOther", in: linux) == nil)
    let apple = "Test Case '-[Tests.WelcomeTests testWelcomes]' passed (0.001 seconds)."
    #expect(XCTestOutput.passed("Tests.WelcomeTests/testWelcomes", in: apple) == true)
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
    #expect(XUnitResults.passed("Tests.Outer/Inner/passes()", in: xml) == true)
    #expect(XUnitResults.passed("Tests.Suite/fails(_:)", in: xml) == false)
    #expect(XUnitResults.passed("Tests.Suite/other()", in: xml) == nil)
  }

  @Test func theFilterMatchesExactNamesOnly() throws {
    let filter = SwiftTestFilter.matching(["Tests.Suite/fails(_:)", "Tests.A/testB"])
    let regex = try Regex(filter)
    #expect("Tests.Suite/fails(_:)".wholeMatch(of: regex) != nil)
    #expect("Tests.Suite/fails(_:)/Suite.swift:12:4".wholeMatch(of: regex) != nil)
    #expect("Tests.A/testB/Suite.swift:12:4".wholeMatch(of: regex) == nil)
    #expect("Tests.A/testB".wholeMatch(of: regex) != nil)
    #expect("Tests.A/testBB".firstMatch(of: regex) == nil)
    #expect("XTests.A/testB".firstMatch(of: regex) == nil)
  }
}
