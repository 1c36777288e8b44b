import CleanSlateTestSupport
import Foundation
import XCTest

/// Scopes still running when the XCTest bundle finishes (the process scope) are ended then; no
/// test is left to record their failures on, so they are printed and fail the run.
final class RunEndTests: XCTestCase {
  func testProcessTeardownThatFailsAtTheEndOfTheRunFailsTheRun() async throws {
    // Given an XCTest process whose only test passes and uses a process-scoped fixture whose
    // teardown throws
    let probe = try HelperExecutable(named: "CleanSlateRunEndProbe")

    // When the run finishes
    let outcome = try await probe.run(["xctest", "failing"])

    // Then XCTest counted no failed test, but the teardown's failure is printed in XCTest's
    // format, at the line that registered it, and the process exits with a failure status
    XCTAssertTrue(outcome.standardOutput.contains("with 0 failures"), outcome.standardOutput)
    XCTAssertTrue(
      outcome.standardError.contains(
        "CleanSlateRunEndProbe/main.swift:18: error: Teardown of fixture 'tornDownAtTheEnd' threw"),
      outcome.standardError)
    XCTAssertEqual(outcome.status, EXIT_FAILURE)
  }

  func testProcessTeardownThatSucceedsLeavesTheRunPassing() async throws {
    // Given the same process whose process-scoped fixture tears down cleanly
    let probe = try HelperExecutable(named: "CleanSlateRunEndProbe")

    // When the run finishes
    let outcome = try await probe.run(["xctest", "passing"])

    // Then the teardown ran and the run passes
    XCTAssertTrue(outcome.standardOutput.contains("process teardown ran"), outcome.standardOutput)
    XCTAssertEqual(outcome.status, EXIT_SUCCESS)
  }

  func testACheckMadeWhereNoTestRunsIsPrintedAndFailsTheRun() async throws {
    // Given an XCTest process whose test class, once its tests are over, registers verifyLater
    // through a test case that is not running, from a thread of its own
    let probe = try HelperExecutable(named: "CleanSlateRunEndProbe")

    // When the run finishes
    let outcome = try await probe.run(["xctest", "outside"])

    // Then nothing crashed: no test is left to record it on, so it is printed as a diagnostic
    // at its line, and the process exits with a failure status
    XCTAssertTrue(outcome.standardOutput.contains("with 0 failures"), outcome.standardOutput)
    XCTAssertTrue(
      outcome.standardError.contains(
        "CleanSlateRunEndProbe/main.swift:45: error: verifyLater(Mock) was called outside any CleanSlate scope."
      ), outcome.standardError)
    XCTAssertEqual(outcome.status, EXIT_FAILURE)
  }

  func testACheckMadeOnAThreadOfItsOwnIsRecordedOnTheRunningTest() async throws {
    // Given an XCTest process whose test registers verifyLater through a test case that is not
    // running, from a thread of its own, while the test runs
    let probe = try HelperExecutable(named: "CleanSlateRunEndProbe")

    // When the run finishes
    let outcome = try await probe.run(["xctest", "thread"])

    // Then the running test failed at the check's line, saying why the check found no scope
    XCTAssertTrue(outcome.standardOutput.contains("with 1 failure"), outcome.standardOutput)
    XCTAssertTrue(
      outcome.standardOutput.contains(
        "CleanSlateRunEndProbe/main.swift:45: error: UsesProcessFixture.usesIt : verifyLater(Mock) was called from a task that does not inherit the running test's CleanSlate scope."
      ), outcome.standardOutput)
    XCTAssertEqual(outcome.status, EXIT_FAILURE)
  }
}
