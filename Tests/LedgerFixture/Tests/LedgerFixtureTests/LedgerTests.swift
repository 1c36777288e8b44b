import Foundation
import XCTest

final class LedgerTests: XCTestCase {
  /// Passes while `ledger.txt`, at the package's root, does not say `broken` (a commit that
  /// writes it breaks the test, with nothing built again) and LEDGER_FIXTURE_FAIL is not 1.
  func testBalanceAddsUp() throws {
    XCTAssertNotEqual(
      ProcessInfo.processInfo.environment["LEDGER_FIXTURE_FAIL"], "1", "asked to fail")
    let ledger = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("ledger.txt")
    let text = (try? String(contentsOf: ledger, encoding: .utf8)) ?? ""
    XCTAssertFalse(text.contains("broken"), "the ledger does not balance")
  }

  /// Tests that always pass, so that the jamming test is one new test among several (a session
  /// checks new tests only when they are a small share of it).
  func testOpensAtZero() { XCTAssertEqual(0 + 0, 0) }
  func testCreditsAdd() { XCTAssertEqual(2 + 3, 5) }
  func testDebitsSubtract() { XCTAssertEqual(5 - 3, 2) }
  func testTransfersBalance() { XCTAssertEqual(5 - 5, 0) }

  /// When LEDGER_FIXTURE_RACY=1, fails in one run in five, at random: a new flaky test, for the
  /// measure of how often the check of new tests catches one (scripts/measure-new-test-check.sh).
  func testSettlesOnce() {
    guard ProcessInfo.processInfo.environment["LEDGER_FIXTURE_RACY"] == "1" else { return }
    if Int.random(in: 0..<5) == 0 { XCTFail("settled twice") }
  }

  /// When LEDGER_FIXTURE_JAM=1, puts a file where each later launch of the `cleanslate test`
  /// that started this process keeps its folder, so that every later launch fails to start.
  func testJamsLaterLaunches() throws {
    guard ProcessInfo.processInfo.environment["LEDGER_FIXTURE_JAM"] == "1" else { return }
    let launcher = try XCTUnwrap(Self.launcherFolder(), "no folder of a cleanslate test launcher")
    for number in 1...200 {
      let folder = launcher.appendingPathComponent("launch-\(number)").path
      if !FileManager.default.fileExists(atPath: folder) {
        FileManager.default.createFile(atPath: folder, contents: Data("jammed".utf8))
      }
    }
  }

  /// The launcher folder of the `cleanslate test` that started this process: above the
  /// temporary directory or trace it gave this launch, else in its own temporary folder.
  static func launcherFolder() -> URL? {
    let given = [
      ProcessInfo.processInfo.environment["TMPDIR"],
      ProcessInfo.processInfo.environment["CLEANSLATE_TRACE"],
    ]
    for path in given.compactMap({ $0 }) {
      var url = URL(fileURLWithPath: path)
      while url.path != "/" {
        if url.lastPathComponent == "launcher",
          url.deletingLastPathComponent().lastPathComponent.hasPrefix("cleanslate-test-")
        {
          return url
        }
        url.deleteLastPathComponent()
      }
    }
    let own = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-test-\(getppid())/launcher")
    return FileManager.default.fileExists(atPath: own.path) ? own : nil
  }
}
