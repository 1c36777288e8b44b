import CleanSlateXCTest
import Foundation
import XCTest

/// The sandbox fixtures from a `FixtureTestCase`: every test writes the same relative path and
/// sets the same variable; each sees its own.
final class SandboxFixtureTestCaseTests: FixtureTestCase {
  static let variable = "CLEANSLATE_XCTEST_SHARED_SETTING"

  func testEnvironmentAndCurrentDirectoryBelongToTheTest() async throws {
    try await assertOwnState(value: "first")
  }

  func testAnotherTestGetsAFreshSlate() async throws {
    try await assertOwnState(value: "second")
  }

  func testHomeIsInsideTheTestsSandbox() async throws {
    let home = try await use(.homeDirectory)
    let sandbox = try await use(.temporaryDirectory)
    XCTAssertEqual(ProcessInfo.processInfo.environment["HOME"], home.path)
    XCTAssertTrue(home.path.hasPrefix(sandbox.path))
  }

  private func assertOwnState(value: String, line: UInt = #line) async throws {
    // Given a test that sets the shared variable and works in its own current directory
    XCTAssertNil(ProcessInfo.processInfo.environment[Self.variable], line: line)
    try await use(.environment([Self.variable: value]))
    let directory = try await use(.currentDirectory)

    // When it writes the shared relative path
    XCTAssertFalse(FileManager.default.fileExists(atPath: "settings.txt"), line: line)
    try Data(value.utf8).write(to: URL(fileURLWithPath: "settings.txt"))

    // Then it reads back its own value and file, inside its temporary directory
    XCTAssertEqual(ProcessInfo.processInfo.environment[Self.variable], value, line: line)
    let text = try String(
      contentsOf: directory.appendingPathComponent("settings.txt"), encoding: .utf8)
    XCTAssertEqual(text, value, line: line)
  }
}
