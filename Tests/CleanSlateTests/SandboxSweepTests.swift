import CleanSlateChildProcess
import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Rule "Safe sandboxes": sandboxes left behind by a dead process are swept by the next run,
/// never those of a live one.
@Suite struct SandboxSweepTests {
  @Test func sweepsDeadAndReusedPidsButKeepsLiveProcessesAndOtherNames() async throws {
    try await withScratchDirectory { root in
      // Given sandboxes of a dead process, of a pid reused by a newer process, of this live
      // process, and directories that are not sandboxes
      let dead = try await deadProcessIdentity()
      let reused = ProcessIdentity(pid: 1, startTime: 987_654_321_012)
      let names = ["\(dead)", "\(reused)", "\(ProcessIdentity.current)", "kept", "notes"]
      for name in names {
        try write(name, to: root.appendingPathComponent("\(name)/test-1/file.txt"))
      }

      // When another process sweeps the root
      let other = ProcessIdentity(pid: Int32.max, startTime: 1)
      let removed = ProcessSandbox(root: root, owner: other).sweepStaleSandboxes()

      // Then only the dead and the reused ones are gone
      #expect(Set(removed.map(\.lastPathComponent)) == ["\(dead)", "\(reused)"])
      let left = try FileManager.default.contentsOfDirectory(atPath: root.path)
      #expect(Set(left) == ["\(ProcessIdentity.current)", "kept", "notes"])
    }
  }

  @Test func theFirstDirectoryOfAProcessSweepsTheStaleOnes() async throws {
    try await withScratchDirectory { root in
      // Given a stale sandbox under the root
      let stale = root.appendingPathComponent("\(try await deadProcessIdentity())")
      try write("left behind", to: stale.appendingPathComponent("test-1/file.txt"))

      // When a process makes its first test directory there
      let directory = try ProcessSandbox(root: root).makeTestDirectory(for: "Suite/test()")

      // Then the stale sandbox is gone and the new directory exists
      #expect(!entryExists(stale))
      #expect(entryExists(directory))
    }
  }

  @Test func refusesARootThatIsALink() async throws {
    try await withScratchDirectory { scratch in
      let target = scratch.appendingPathComponent("elsewhere")
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      let root = scratch.appendingPathComponent("root")
      try FileManager.default.createSymbolicLink(
        atPath: root.path, withDestinationPath: target.path)

      let error = #expect(throws: (any Error).self) {
        try ProcessSandbox(root: root).processDirectory()
      }

      #expect(
        error.map { "\($0)" }
          == "Could not use '\(root.path)': it is not a private directory of this user (a link, someone else's, or writable by others); remove it or set CLEANSLATE_SANDBOX_ROOT."
      )
      #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
    }
  }

  @Test func aProcessKilledMidTestIsSweptWhileALiveOneIsKept() async throws {
    try await withScratchDirectory { root in
      // Given a child that is still running with a test directory, and another killed with
      // SIGKILL right after making its own (started second, so the live one's first directory
      // does not already sweep it)
      let live = try await SandboxProbe.run("wait", root: root)
      let crashed = try await SandboxProbe.run("crash", root: root)
      #expect(crashed.killedBySIGKILL)
      #expect(contents(of: crashed.directory.appendingPathComponent("evidence.txt")) != nil)

      // When the next run sweeps the sandbox root
      let removed = ProcessSandbox(root: root).sweepStaleSandboxes()

      // Then the killed child's sandbox is gone, and the live child's is untouched
      #expect(removed.map(\.lastPathComponent) == [crashed.processDirectoryName])
      #expect(!entryExists(crashed.directory))
      #expect(entryExists(live.directory.appendingPathComponent("evidence.txt")))
      await live.finish()
    }
  }
}

/// The `CleanSlateSandboxProbe` executable, run as a child test process.
private struct SandboxProbe: Sendable {
  let running: ChildProcess.Running
  let directory: URL

  var processDirectoryName: String { directory.deletingLastPathComponent().lastPathComponent }
  var killedBySIGKILL: Bool { running.ended == .signalled(SIGKILL) }

  /// Starts the probe and waits until it printed its test directory (and, for `crash`, died).
  static func run(_ mode: String, root: URL) async throws -> SandboxProbe {
    var environment = StartingEnvironment.variables
    environment["CLEANSLATE_SANDBOX_ROOT"] = root.path
    let running = try await HelperExecutable(named: "CleanSlateSandboxProbe").start(
      [mode], environment: environment)
    let line = await running.firstLine()
    if mode == "crash" { try await running.wait() }
    guard !line.isEmpty else { throw ProbeFailed(mode: mode) }
    return SandboxProbe(running: running, directory: URL(fileURLWithPath: line, isDirectory: true))
  }

  /// Lets a waiting probe exit, and waits for it.
  func finish() async {
    _ = try? await running.finish()
  }
}

private struct ProbeFailed: Error {
  var mode: String
}
