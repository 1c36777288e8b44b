import CleanSlateTestProcess
import Testing

/// A `swift test` command line becomes the test processes SwiftPM 6.3 would start for it, on
/// Linux (the product is an executable) and on macOS (`xctest` and `swiftpm-testing-helper` run a
/// bundle), and a command that needs SwiftPM at run time says why.
@Suite struct TestProcessPlanTests {
  private let linux = BuiltTests(
    product: "/p/.build/x86_64-unknown-linux-gnu/debug/PPackageTests.xctest", platform: .linux)
  private let mac = BuiltTests(
    product: "/p/.build/arm64-apple-macosx/debug/PPackageTests.xctest", platform: .macOS,
    appleTools: .init(
      xctest: "/Xcode/usr/bin/xctest",
      testingHelper: "/TC/usr/libexec/swift/pm/swiftpm-testing-helper",
      frameworkPaths: ["/Platform/Developer/Library/Frameworks"],
      libraryPaths: ["/Platform/Developer/usr/lib"]))
  private let listed = ["M.A/testOne", "M.A/testTwo", "M.B/testThree"]

  private func plan(
    _ command: String, _ tests: BuiltTests? = nil, environment: [String: String] = [:]
  ) -> TestProcessPlan {
    TestProcessPlan(
      options: SwiftTestOptions(parsing: command.split(separator: " ").map(String.init)),
      tests: tests ?? linux, listedXCTests: listed, environment: environment, cores: 2)
  }

  @Test func everyTestRunsXCTestWithNoArgumentAndSwiftTestingWithTheCommands() {
    let plan = plan("test --skip-build")

    #expect(plan.xctest.map(\.command) == [[linux.product]])
    #expect(
      plan.swiftTesting?.command
        == [linux.product, "--skip-build", "--testing-library", "swift-testing"])
    #expect(plan.processes.allSatisfy { $0.environment == ["NO_COLOR": "1"] })
    #expect(plan.workers == 1)
  }

  @Test func aFilterSelectsXCTestsByItsSpecifiersAndGoesToSwiftTestingAsItIs() {
    let plan = plan("test --skip-build --filter A/test(One|Two) --xunit-output /w/r.xml")

    #expect(plan.xctest.map(\.command) == [[linux.product, "M.A/testOne,M.A/testTwo"]])
    #expect(plan.xctest.first?.tests == ["M.A/testOne", "M.A/testTwo"])
    // Swift Testing's XUnit file is renamed beside XCTest's, and moved to the end.
    #expect(
      plan.swiftTesting?.command == [
        linux.product, "--skip-build", "--filter", "A/test(One|Two)", "--xunit-output",
        "/w/r-swift-testing.xml", "--testing-library", "swift-testing",
      ])
  }

  @Test func aSkipLeavesXCTestsOutAndAFilterOfNoneRunsNoXCTestProcess() {
    #expect(
      plan("test --skip B/").xctest.map(\.command) == [[linux.product, "M.A/testOne,M.A/testTwo"]])
    #expect(plan("test --filter NoSuchTest").xctest.isEmpty)
  }

  @Test func parallelRunsEachXCTestInAProcessOfItsOwnAFewAtATime() {
    let plan = plan("test --parallel --num-workers 3 --filter M.A")

    #expect(
      plan.xctest.map(\.command) == [
        [linux.product, "M.A/testOne"], [linux.product, "M.A/testTwo"],
      ])
    #expect(plan.workers == 3)
    #expect(plan.swiftTesting?.command.contains("--parallel") == true)
    #expect(self.plan("test --parallel").workers == 2)
    #expect(self.plan("test --parallel").xctest.count == 3)
  }

  @Test func disabledFrameworksRunNoProcess() {
    #expect(plan("test --disable-xctest").xctest.isEmpty)
    #expect(plan("test --disable-swift-testing").swiftTesting == nil)
    // Without XCTest, Swift Testing keeps the XUnit file's own name.
    #expect(
      plan("test --disable-xctest --xunit-output r.xml").swiftTesting?.command.suffix(4)
        == ["--xunit-output", "r.xml", "--testing-library", "swift-testing"])
  }

  @Test func onMacOSXctestAndTheTestingHelperRunTheBundleWithThePlatformsFrameworks() {
    let plan = plan(
      "test --filter M.B", mac, environment: ["DYLD_LIBRARY_PATH": "/mine"])

    #expect(
      plan.xctest.map(\.command) == [
        ["/Xcode/usr/bin/xctest", "-XCTest", "M.B/testThree", mac.product]
      ])
    #expect(
      plan.swiftTesting?.command == [
        "/TC/usr/libexec/swift/pm/swiftpm-testing-helper", "--test-bundle-path", mac.product,
        "--filter", "M.B", mac.product, "--testing-library", "swift-testing",
      ])
    #expect(
      plan.xctest.first?.environment == [
        "NO_COLOR": "1", "SWIFT_TESTING_ENABLED": "0",
        "DYLD_FRAMEWORK_PATH": "/Platform/Developer/Library/Frameworks",
        "DYLD_LIBRARY_PATH": "/mine:/Platform/Developer/usr/lib",
      ])
    #expect(plan.swiftTesting?.environment["SWIFT_TESTING_ENABLED"] == nil)
    #expect(
      self.plan("test", mac).xctest.map(\.command) == [["/Xcode/usr/bin/xctest", mac.product]])
  }

  @Test(arguments: [
    (
      "test --enable-code-coverage",
      "--enable-code-coverage: code coverage is collected by swift test"
    ),
    ("test --sanitize=address", "--sanitize: a sanitizer's runtime is set up by swift test"),
    ("test --toolset t.json", "--toolset: a toolset may name its own test runner"),
    ("test --num-workers 2", "--num-workers without --parallel is an error of swift test's"),
    ("test list", "swift test list lists tests"),
  ])
  func aCommandThatNeedsSwiftPMAtRunTimeSaysWhy(command: String, why: String) {
    #expect(
      SwiftTestOptions(parsing: command.split(separator: " ").map(String.init)).needsSwiftTest
        == why)
  }

  @Test func optionsTakingAValueAreNotReadAsOptions() {
    let options = SwiftTestOptions(parsing: [
      "test", "--filter", "--parallel", "-Xswiftc", "--disable-xctest", "--traits=A,B",
    ])

    #expect(options.filters == ["--parallel"])
    #expect(!options.parallel)
    #expect(options.runsXCTest)
    #expect(options.needsSwiftTest == nil)
  }

  @Test func xctestListsItsTestsAsSpecifiers() {
    let dump = """
      {"name":"All tests","tests":[{"name":"debug.xctest","tests":[{"tests":[{"name":"testA"},\
      {"name":"testB"}],"name":"M.Alpha"},{"name":"M.Beta","tests":[{"name":"testC"}]}]}]}
      """

    #expect(
      XCTestListing.specifiers(inDump: dump) == ["M.Alpha/testA", "M.Alpha/testB", "M.Beta/testC"])
    #expect(XCTestListing.specifiers(inDump: "not json") == nil)
  }
}
