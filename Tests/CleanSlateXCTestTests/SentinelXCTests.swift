import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The sentinel in XCTest: a `FixtureTestCase` class that overrides `sentinel` has what each of
/// its tests left changed recorded as a failure of that test, at the line that created the
/// `Sentinel`; its suite scope reports what no test did. XCTest runs tests one at a time, so
/// each report is the test's own.
final class SentinelXCTests: XCTestCase {
  nonisolated(unsafe) private static var runs: [String: NestedRun] = [:]

  override class func setUp() {
    super.setUp()
    runs = [
      "leaks": NestedRun(LeakingCase.self, [("leaksAVariable", LeakingCase.leaksAVariable)]),
      "restores": NestedRun(
        LeakingCase.self, [("restoresThroughAFixture", LeakingCase.restoresThroughAFixture)]),
      "allowed": NestedRun(
        LeakingCase.self, [("leaksAnAllowedVariable", LeakingCase.leaksAnAllowedVariable)]),
      "suite": NestedRun(
        SuiteLeakingCase.self,
        [("first", SuiteLeakingCase.usesTheSuiteFixture), ("second", SuiteLeakingCase.usesNothing)]
      ),
      "unwatched": NestedRun(UnwatchedCase.self, [("leaks", UnwatchedCase.leaksAVariable)]),
    ]
    for name in LeakingCase.names.value + [SuiteLeakingCase.name, UnwatchedCase.name] {
      unsetenv(name)
    }
  }

  func testAVariableLeftSetIsAFailureOfTheTestAtTheSentinelsLine() throws {
    // When a watched test sets a variable and leaves it
    let run = try XCTUnwrap(Self.runs["leaks"])

    // Then the test fails once, naming the variable and its value, at the sentinel's line
    XCTAssertEqual(run.failureCount, 1)
    let failure = try XCTUnwrap(run.failures.first)
    XCTAssertEqual(failure.filePath, #filePath)
    XCTAssertEqual(failure.line, LeakingCase.sentinelLine)
    let name = LeakingCase.names.value[0]
    XCTAssertEqual(
      failure.description,
      """
      Test 'LeakingCase.leaksAVariable' left 1 environment variable changed after its teardowns:
          + \(name)="kept" (added)
        watched from: CleanSlateXCTestTests/SentinelXCTests.swift:\(LeakingCase.sentinelLine)
        \(Self.advice(for: name))
      """)
  }

  func testAVariableRestoredByTheEnvironmentFixtureIsNotAFailure() throws {
    // When a watched test sets a variable with the .environment fixture in setUp
    let run = try XCTUnwrap(Self.runs["restores"])

    // Then the fixture restored it, and the test passes
    XCTAssertEqual(run.failureCount, 0, "\(run.failures)")
  }

  func testAnAllowedVariableIsNotAFailure() throws {
    let run = try XCTUnwrap(Self.runs["allowed"])
    XCTAssertEqual(run.failureCount, 0, "\(run.failures)")
  }

  func testWhatASuiteFixtureLeftIsReportedOnceByTheSuite() throws {
    // When a suite fixture sets a variable and never restores it
    let run = try XCTUnwrap(Self.runs["suite"])

    // Then the suite reports it, on its last test; no test is blamed
    XCTAssertEqual(run.failureCount, 1)
    let failure = try XCTUnwrap(run.failures.first)
    let name = SuiteLeakingCase.name
    XCTAssertEqual(
      failure.description,
      """
      Suite 'SuiteLeakingCase' left 1 environment variable changed after its tests and teardowns:
          + \(name)="1" (added)
        watched from: CleanSlateXCTestTests/SentinelXCTests.swift:\(SuiteLeakingCase.sentinelLine)
        \(Self.advice(for: name))
      """)
  }

  /// What the sentinel advises for an environment variable left set.
  private static func advice(for name: String) -> String {
    "Set variables with the .environment fixture (try await use(.environment([\"\(name)\": \"…\"]))), which restores exactly what was there, unset variables included. If the run may keep it, allow it: .sentinel(allowing: [.environment: [\"\(name)\"]]), or CLEANSLATE_SENTINEL_ALLOW=environment:\(name)."
  }

  func testAClassThatDoesNotAskIsNotWatched() throws {
    try XCTSkipIf(Sentinel.runWide != nil, "CLEANSLATE_SENTINEL watches every class")
    let run = try XCTUnwrap(Self.runs["unwatched"])
    XCTAssertEqual(run.failureCount, 0, "\(run.failures)")
  }
}

final class LeakingCase: RecordingTestCase {
  static let names = Locked<[String]>([])
  static let sentinelLine = #line + 2
  override class var sentinel: Sentinel? {
    Sentinel(checking: [.environment], allowing: [.environment: ["CLEANSLATE_XCT_ALLOWED_*"]])
  }

  /// A variable name of this run's own.
  func name(_ prefix: String) -> String {
    let name = "\(prefix)_\(UUID().uuidString.prefix(8))"
    Self.names.withLock { $0.append(name) }
    return name
  }

  func leaksAVariable() {
    setenv(name("CLEANSLATE_XCT_LEAK"), "kept", 1)
  }

  func restoresThroughAFixture() throws {
    let variable = name("CLEANSLATE_XCT_RESTORED")
    try use(.environment([variable: "during"]))
    XCTAssertEqual(ProcessInfo.processInfo.environment[variable], "during")
  }

  func leaksAnAllowedVariable() {
    setenv(name("CLEANSLATE_XCT_ALLOWED"), "kept", 1)
  }
}

final class SuiteLeakingCase: RecordingTestCase {
  static let name = "CLEANSLATE_XCT_SUITE_\(UUID().uuidString.prefix(8))"
  static let sentinelLine = #line + 3
  static let leaky = Fixture<Void>("leaky", scope: .suite) { _ in setenv(name, "1", 1) }

  override class var sentinel: Sentinel? { Sentinel(checking: [.environment]) }

  func usesTheSuiteFixture() throws { try use(Self.leaky) }
  func usesNothing() {}
}

final class UnwatchedCase: RecordingTestCase {
  static let name = "CLEANSLATE_XCT_UNWATCHED_\(UUID().uuidString.prefix(8))"

  func leaksAVariable() { setenv(Self.name, "1", 1) }
}
