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
      // When a process runs a watched test that writes in the temporary directory through
      // FileManager, NSTemporaryDirectory() and a child process's $TMPDIR, then ends
      let probe = try await SentinelProbe.run(in: scratch)

      // Then every way of naming it pointed at `tmp` in the process's sandbox, the shared one
      // was kept for its children, and the directory went with the sandbox
      let own = try #require(probe.printed("TMPDIR"))
      let processDirectory = URL(fileURLWithPath: own).deletingLastPathComponent()
      #expect(URL(fileURLWithPath: own).lastPathComponent == "tmp")
      #expect(
        processDirectory.deletingLastPathComponent().path
          == scratch.appendingPathComponent("sandboxes").path)
      #expect(probe.printed("FileManager") == own)
      #expect(probe.printed("NSTemporaryDirectory") == own)
      #expect(probe.printed("child") == own)
      #expect(probe.printed("shared") == scratch.appendingPathComponent("shared").path)
      #expect(!probe.outlivedItsProcessScope)

      // And the three files were reported at the test, the variables it was given were not
      let output = probe.output
      #expect(probe.lines.filter { $0.hasPrefix("reported=") }.count == 1, "\(output)")
      #expect(output.contains("reported=Test 'Probe/temporary()' left 3 files created or removed"))
      for name in ["file-manager.txt", "foundation.txt", "child.txt"] {
        #expect(output.contains("+ \(own)/\(name) (created)"), "\(output)")
      }
      #expect(!output.contains("environment variable"), "\(output)")

      // And the advice allows a file by its name in the directory, the same in every process
      #expect(output.contains(".sentinel(allowing: [.files: [\"child.txt\"]])"), "\(output)")
    }
  }

  @Test func aProcessWhoseLaunchGaveItATemporaryDirectoryOfItsOwnKeepsIt() async throws {
    try await withScratchDirectory { scratch in
      // Given a launch that gave its test processes one temporary directory of their own, which
      // they share (an experiment of cleanslate test --explain)
      let launch = scratch.appendingPathComponent("launch-tmp")
      try FileManager.default.createDirectory(at: launch, withIntermediateDirectories: true)

      // When a process of it runs a watched test that writes in the temporary directory
      let probe = try await SentinelProbe.run(
        in: scratch, with: ["TMPDIR": launch.path, "CLEANSLATE_LAUNCH_TMPDIR": launch.path])

      // Then it wrote in the launch's directory, which the sentinel watched — what the tests of
      // the launch share there, they still share — and which outlives the process
      #expect(probe.printed("TMPDIR") == launch.path)
      #expect(probe.printed("FileManager") == launch.path)
      #expect(probe.printed("child") == launch.path)
      #expect(
        probe.output.contains("+ \(launch.path)/file-manager.txt (created)"), "\(probe.output)")
      #expect(
        FileManager.default.fileExists(atPath: launch.appendingPathComponent("child.txt").path))
    }
  }
}
