import CleanSlateChildProcess
import CleanSlateFileSystem
import Foundation
import Testing

@testable import CleanSlate

/// A directory for one test's own use (outside trees, private sandbox roots), removed afterwards.
///
/// - Parameter inMemory: Prefer a memory file system (`/dev/shm` on Linux) when there is one,
///   for tests that make thousands of files.
func withScratchDirectory<R>(
  inMemory: Bool = false,
  _ body: (URL) async throws -> R
) async throws -> R {
  let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
  let parent =
    inMemory && FileManager.default.isWritableFile(atPath: memory.path)
    ? memory : FileManager.default.temporaryDirectory
  let url =
    parent
    .appendingPathComponent("cleanslate-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? removeTree(at: url) }
  return try await body(url)
}

/// A value set from a teardown or another task and read by the test afterwards.
final class Observed<Value: Sendable>: Sendable {
  private let storage: Locked<Value?> = Locked(nil)
  func set(_ value: Value) { storage.withLock { $0 = value } }
  var value: Value? { storage.value }
}

extension ScopeRuntime {
  /// Holds the process-state lock for this test and registers `observe` to run after every
  /// fixture restored what it changed but before the lock is released, so the observation sees
  /// this test's restored state, never another test's changes.
  func observeAfterRestore(_ observe: @escaping @Sendable () -> Void) async throws {
    try await use(.processStateLock, at: CodeLocation())
    addTeardown(at: CodeLocation()) { observe() }
  }
}

/// Writes a file, creating its parent directories.
func write(_ text: String, to url: URL) throws {
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try Data(text.utf8).write(to: url)
}

/// The text of a file, or `nil` if it cannot be read.
func contents(of url: URL) -> String? {
  (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
}

/// Whether anything (a file, directory or dangling link) is at `url`, without following a link.
func entryExists(_ url: URL) -> Bool {
  var info = stat()
  return lstat(url.path, &info) == 0
}

/// The identity of a process that has exited: a child that ran and was reaped.
func deadProcessIdentity() async throws -> ProcessIdentity {
  let child = try await ChildProcess("/bin/sh", ["-c", "exit 0"]).start()
  try await child.wait()
  return ProcessIdentity(pid: child.processIdentifier, startTime: 42)
}
