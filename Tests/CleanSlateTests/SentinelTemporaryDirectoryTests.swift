import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// A process the sentinel watches gets a temporary directory of its own: what the test writes
/// there, through any way of naming it, is reported at the test, and nothing another process
/// writes in the shared temporary directory ever is.
@Suite struct SentinelTemporaryDirectoryTests {
  @Test func aWatchedProcessWritesInATemporaryDirectoryOfItsOwnRemovedWhenItEnds() async throws {
    try await withScratchDirectory { scratch in
      // Given a sandbox root and a shared temporary directory of the test's own
      let root = scratch.appendingPathComponent("sandboxes")
      let shared = scratch.appendingPathComponent("shared")
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
      var environment = ProcessInfo.processInfo.environment
      environment["CLEANSLATE_SANDBOX_ROOT"] = root.path
      environment["TMPDIR"] = shared.path
      environment["CLEANSLATE_SHARED_TMPDIR"] = nil
      environment["CLEANSLATE_SENTINEL"] = nil

      // When a process runs a watched test that writes in the temporary directory through
      // FileManager, NSTemporaryDirectory() and a child process's $TMPDIR, then ends
      let probe = try HelperExecutable(named: "CleanSlateSandboxProbe").start(
        ["temporary"], environment: environment)
      let lines = await probe.linesUntil("ended")
      let printed = Dictionary(
        lines.compactMap { line in
          line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[$0...].dropFirst())) }
        },
        uniquingKeysWith: { first, _ in first })
      let own = try #require(printed["TMPDIR"])
      let processDirectory = URL(fileURLWithPath: own).deletingLastPathComponent()
      let afterTheEnd = entryExists(processDirectory)
      await probe.finish()

      // Then every way of naming it pointed at `tmp` in the process's sandbox, the shared one
      // was kept for its children, and the directory went with the sandbox
      #expect(URL(fileURLWithPath: own).lastPathComponent == "tmp")
      #expect(processDirectory.deletingLastPathComponent().path == root.path)
      #expect(printed["FileManager"] == own)
      #expect(printed["NSTemporaryDirectory"] == own)
      #expect(printed["child"] == own)
      #expect(printed["shared"] == shared.path)
      #expect(!afterTheEnd)

      // And the three files were reported at the test, the variables it was given were not
      let output = lines.joined(separator: "\n")
      #expect(lines.filter { $0.hasPrefix("reported=") }.count == 1, "\(output)")
      #expect(output.contains("reported=Test 'Probe/temporary()' left 3 files created or removed"))
      for name in ["file-manager.txt", "foundation.txt", "child.txt"] {
        #expect(output.contains("+ \(own)/\(name) (created)"), "\(output)")
      }
      #expect(!output.contains("environment variable"), "\(output)")
    }
  }
}
