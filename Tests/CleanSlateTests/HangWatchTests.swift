import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

/// The in-process watch of each test against its time limit: what it costs a test that ends in
/// time.
@Suite struct HangWatchTests {
  /// The process's resident memory, in kilobytes.
  private static func residentKilobytes() throws -> Int {
    let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
  func theWatchOfATestThatEndedInTimeIsLetGoAtOnceNotAtItsDeadline() async throws {
    // Given 50,000 tests, each with a limit of 10 minutes, that end at once
    let process = makeProcessScope()
    let before = try Self.residentKilobytes()
    for _ in 0..<50_000 {
      let test = ScopeRuntime(.test, name: "T/quick()", parent: process, timeLimit: .seconds(600))
      await test.finishBody()
      await test.end()
    }

    // Then their watches do not stay in memory until the limit passes (a watch kept to its
    // deadline holds ~0.7 KB: 34 MB here)
    let grown = try Self.residentKilobytes() - before
    #expect(grown < 8_000, "resident memory grew by \(grown) KB")
  }
}
