import CleanSlateFileSystem
package import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where one test process keeps its tests' directories:
/// `<root>/<pid>-<start time>/<test name>-<n>/`, and its own temporary directory when the sentinel
/// watches it, `<root>/<pid>-<start time>/tmp/` (``ProcessTemporaryDirectory``).
///
/// The root is `$CLEANSLATE_SANDBOX_ROOT`, or `cleanslate-<uid>` in the shared temporary directory
/// (``ProcessTemporaryDirectory/sharedURL``: not the process's own, which lives in its sandbox), a
/// directory only its user may write to. The process directory is made on first use, and at that
/// moment the directories of dead processes are swept (``sweepStaleSandboxes()``); it is removed
/// when the process scope ends. The directory of a failed test can be kept, moved to
/// `<root>/kept/`, which the sweep never touches.
package final class ProcessSandbox: Sendable {
  /// The directory that holds every process's sandbox.
  package let root: URL
  /// The process this sandbox belongs to.
  package let owner: ProcessIdentity
  /// Whether a failed test's directory is kept for inspection rather than removed.
  package let keepsFailed: Bool
  private let removesAtProcessEnd: Bool
  private let state = Locked(State())

  private struct State {
    var directory: URL?
    var created = 0
  }

  /// The sandbox of this test process, configured by `CLEANSLATE_SANDBOX_ROOT` and
  /// `CLEANSLATE_KEEP_FAILED` as they were when it was first used.
  package static let shared = ProcessSandbox(
    root: defaultRoot(), owner: .current, keepsFailed: keepFailedFromEnvironment(),
    removesAtProcessEnd: true)

  /// Creates a sandbox; tests give it a root of their own.
  package init(
    root: URL, owner: ProcessIdentity = .current, keepsFailed: Bool = false,
    removesAtProcessEnd: Bool = false
  ) {
    self.root = root
    self.owner = owner
    self.keepsFailed = keepsFailed
    self.removesAtProcessEnd = removesAtProcessEnd
  }

  /// This process's directory, made (after sweeping stale ones) on first use.
  package func processDirectory() throws -> URL {
    try state.withLock { state in
      if let directory = state.directory { return directory }
      try makePrivateDirectory(root, creatingParents: true)
      sweepStaleSandboxes()
      let directory = root.appendingPathComponent(owner.description, isDirectory: true)
      try makePrivateDirectory(directory)
      state.directory = directory
      if removesAtProcessEnd {
        ScopeRuntime.process.addTeardown(at: CodeLocation()) { try removeTree(at: directory) }
      }
      return directory
    }
  }

  /// Makes a new, empty directory for one test, named after it.
  package func makeTestDirectory(for testName: String) throws -> URL {
    let parent = try processDirectory()
    while true {
      let number = state.withLock { state in
        state.created += 1
        return state.created
      }
      let url = parent.appendingPathComponent(
        "\(Self.fileName(for: testName))-\(number)", isDirectory: true)
      if mkdir(url.path, 0o700) == 0 { return url }
      guard errno == EEXIST else {
        throw FileSystemError("create the test directory", path: url.path)
      }
    }
  }

  /// Removes a test's directory, or moves it to `<root>/kept/` when the test failed and failed
  /// tests' directories are kept. Returns where it was kept, if it was.
  package func dispose(of directory: URL, testFailed: Bool) throws -> URL? {
    guard testFailed && keepsFailed else {
      try removeTree(at: directory)
      return nil
    }
    let kept = root.appendingPathComponent("kept", isDirectory: true)
    try makePrivateDirectory(kept)
    let destination = kept.appendingPathComponent(
      "\(owner)-\(directory.lastPathComponent)", isDirectory: true)
    guard rename(directory.path, destination.path) == 0 else {
      throw FileSystemError("keep (move to \(destination.path))", path: directory.path)
    }
    return destination
  }

  // MARK: - Stale sandboxes

  /// Removes the directories of processes that are no longer running, and returns them.
  ///
  /// A directory is stale only when its name is `<pid>-<start time>` and no process with that
  /// pid and start time is alive; a pid reused by a newer process does not keep it. Any other
  /// name (such as `kept`) is left alone. A directory that cannot be removed is reported on
  /// standard error and tried again by the next run.
  @discardableResult
  package func sweepStaleSandboxes() -> [URL] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else {
      return []
    }
    var removed: [URL] = []
    for name in names.sorted() {
      guard let identity = ProcessIdentity(directoryName: name), identity != owner,
        !identity.isAlive
      else { continue }
      let url = root.appendingPathComponent(name, isDirectory: true)
      do {
        try removeTree(at: url)
        removed.append(url)
      } catch {
        FileHandle.standardError.write(
          Data("CleanSlate could not sweep a stale sandbox: \(error)\n".utf8))
      }
    }
    return removed
  }

  // MARK: - Helpers

  /// Makes a directory only its owner can use, or checks that the existing one is such a
  /// directory (a real directory, not a link, owned by this user and writable by no one else).
  private func makePrivateDirectory(_ url: URL, creatingParents: Bool = false) throws {
    if creatingParents {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    }
    if mkdir(url.path, 0o700) == 0 { return }
    guard errno == EEXIST else { throw FileSystemError("create", path: url.path) }
    var info = stat()
    guard lstat(url.path, &info) == 0 else { throw FileSystemError("inspect", path: url.path) }
    let isDirectory = info.st_mode & S_IFMT == S_IFDIR
    guard isDirectory, info.st_uid == getuid(), info.st_mode & 0o022 == 0 else {
      throw FileSystemError(
        "use", path: url.path, code: 0,
        reason:
          "it is not a private directory of this user (a link, someone else's, or writable by others); remove it or set CLEANSLATE_SANDBOX_ROOT"
      )
    }
  }

  /// A test name made safe for a file name: letters, digits, `.`, `_` and `-`, at most 60.
  static func fileName(for testName: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    var name = String(testName.map { allowed.contains($0) ? $0 : "-" }.prefix(60))
    while name.hasPrefix(".") || name.hasPrefix("-") { name.removeFirst() }
    return name.isEmpty ? "test" : name
  }

  private static func defaultRoot() -> URL {
    if let root = ProcessEnvironment.value(of: "CLEANSLATE_SANDBOX_ROOT"), !root.isEmpty {
      return URL(fileURLWithPath: root, isDirectory: true)
    }
    return ProcessTemporaryDirectory.sharedURL
      .appendingPathComponent("cleanslate-\(getuid())", isDirectory: true)
  }

  private static func keepFailedFromEnvironment() -> Bool {
    KeepFailedSetting.current == .keepEverything
  }
}
