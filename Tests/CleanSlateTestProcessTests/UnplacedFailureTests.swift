import CleanSlate
import CleanSlateChildProcess
import Testing

@testable import CleanSlateTestProcess

/// The safety net under the count: after each launch, what every test process's framework said
/// is held against what was counted, and a failure no counted test accounts for is kept
/// (``UnplacedFailure``), whatever hid it.
@Suite struct UnplacedFailureTests {
  static let command = SwiftTestInvocation(environment: [], arguments: ["test"])
  static let tests: [TestName] = ["M.S/a()", "M.b()"]

  /// A direct launch of the Swift Testing tests whose process ended with `status`, its tests
  /// `ended` as the event stream says and its framework's report `report`.
  private func launch(
    status: Int32, ended: [TestName: TestEnd], report: FrameworkReport
  ) -> Launch {
    var output = LaunchOutput(status: status, standardOutput: "", standardError: "")
    output.direct = true
    output.swiftTestingEnded = ended
    output.processes = [
      ProcessEnd(
        framework: .swiftTesting, command: ["/p/MPackageTests.xctest"],
        termination: .exited(status), report: report)
    ]
    return Launch(
      reading: output, of: Self.tests, command: Self.command, xunitFiles: [], trace: nil)
  }

  private let passed: [TestName: TestEnd] = [
    "M.S/a()": TestEnd(.passed, seconds: 0.1), "M.b()": TestEnd(.passed, seconds: 0.1),
  ]

  @Test func aProcessThatFailedWhileEveryTestPassedIsAnUnplacedFailure() {
    // Given a process that exited 1 after both its tests passed
    let launch = launch(
      status: 1, ended: passed,
      report: FrameworkReport(
        started: ["M.S/a()", "M.b()"], summary: "✔ Test run with 2 tests in 1 suite passed."))

    // Then the failure is kept, with what the framework said last
    #expect(
      launch.unplaced == [
        UnplacedFailure(
          "the Swift Testing process MPackageTests.xctest exited with status 1, and none of its 2 tests failed: ✔ Test run with 2 tests in 1 suite passed"
        )
      ])
  }

  @Test func aTestTheFrameworkFailedOrRanUncountedIsAnUnplacedFailure() {
    // Given a framework that failed a test counted as passed, and ran one never counted
    let launch = launch(
      status: 1, ended: passed,
      report: FrameworkReport(started: ["M.S/a()", "M.b()", "M.c()"], failed: ["M.b()"]))

    // Then each is named
    #expect(
      launch.unplaced.map(\.words) == [
        "Swift Testing ran M.c(), which is not among the tests counted",
        "Swift Testing failed M.b(), which was counted as passed",
      ])
  }

  @Test func aFailureOutsideAnyTestIsAnUnplacedFailure() {
    let launch = launch(
      status: 1, ended: passed,
      report: FrameworkReport(started: ["M.S/a()", "M.b()"], outside: ["by a trait (S.swift:4)"]))

    #expect(
      launch.unplaced.map(\.words) == [
        "Swift Testing recorded a failure outside any test: by a trait (S.swift:4)"
      ])
  }

  @Test func aFailureATestAccountsForIsNotUnplaced() {
    // Given a process that exited 1 because a counted test failed
    var ended = passed
    ended["M.b()"] = nil  // an issue's test has no end from the stream: the XUnit file says
    let launch = launch(
      status: 1, ended: ended,
      report: FrameworkReport(started: ["M.S/a()", "M.b()"], failed: ["M.b()"]))

    // Then nothing is unplaced, and the test's own failure fails the launch
    #expect(launch.unplaced.isEmpty)
    #expect(launch.status == 1)
  }

  @Test func aPassingProcessHasNoUnplacedFailure() {
    let launch = launch(
      status: 0, ended: passed, report: FrameworkReport(started: ["M.S/a()", "M.b()"]))

    #expect(launch.unplaced.isEmpty)
  }

  @Test func throughSwiftTestTheExitStatusIsTheNet() {
    // Given a launch through `swift test` that exited 1 while its tests passed
    var output = LaunchOutput(status: 1, standardOutput: "", standardError: "")
    output.swiftTestingEnded = passed
    let launch = Launch(
      reading: output, of: Self.tests, command: Self.command, xunitFiles: [], trace: nil)

    // Then the status alone is the unplaced failure
    #expect(
      launch.unplaced.map(\.words) == [
        "swift test exited with status 1, and none of its 2 tests failed"
      ])
  }
}
