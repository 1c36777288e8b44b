import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

/// The in-process watch of each test against its time limit: what it costs a test that ends in
/// time. Measured in a process of its own (`CleanSlateSandboxProbe watches`), where no other test
/// allocates meanwhile: this process runs hundreds of tests at once.
@Suite struct HangWatchTests {
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
  func theWatchOfATestThatEndedInTimeIsLetGoAtOnceNotAtItsDeadline() async throws {
    // Given 50,000 tests, each with a limit of 10 minutes, that end at once
    let probe = try await HelperExecutable(named: "CleanSlateSandboxProbe").run(["watches"])
    #expect(probe.status == 0, "\(probe.standardError)")

    // Then their watches do not stay in memory until the limit passes (a watch kept to its
    // deadline holds ~0.7 KB: 34 MB here)
    let grown = try #require(
      probe.standardOutput.split(separator: "\n").first { $0.hasPrefix("grown=") }
        .flatMap { Int($0.dropFirst(6)) }, "\(probe.standardOutput)")
    #expect(grown < 8_000, "resident memory grew by \(grown) KB")
  }
}
