import CleanSlateFileSystem
package import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The temporary directory of one test process, and the one every process on the machine shares.
///
/// Other processes (builds, other test runs, other jobs of a CI machine) create and remove files
/// in the shared temporary directory all the time, so nothing that appears there can be blamed on
/// a test. A process the sentinel watches gets a temporary directory of its own instead: `tmp` in
/// its sandbox (`<sandbox root>/<pid>-<start time>/tmp/`), exported as `TMPDIR` before the
/// sentinel's first snapshot. On Linux, `FileManager.default.temporaryDirectory`,
/// `NSTemporaryDirectory()` and `$TMPDIR` read `TMPDIR` on every call, and child processes inherit
/// it, so what the process writes in "the temporary directory" lands there. It goes with the
/// sandbox: removed when the process scope ends, swept by the next run after a crash.
///
/// `CLEANSLATE_SHARED_TMPDIR` keeps the shared one, for what must outlive the process (the sandbox
/// root, a zero-config PostgreSQL server) and for the test processes it starts, which inherit it.
///
/// A process started with a temporary directory that is already private to its launch —
/// `CLEANSLATE_LAUNCH_TMPDIR` names it, and `TMPDIR` is it: an experiment of `cleanslate test
/// --explain` gives every test process of one run the same — keeps it as its own: no other
/// process writes there but the launch's own, which share it in the run being explained too, so
/// that watching them changes nothing they share.
package final class ProcessTemporaryDirectory: Sendable {
  /// This process's, in its sandbox.
  package static let shared = ProcessTemporaryDirectory(sandbox: .shared)

  /// The variable that keeps the shared temporary directory once `TMPDIR` names a process's own.
  package static let sharedVariable = "CLEANSLATE_SHARED_TMPDIR"

  /// The variable that names a temporary directory private to the launch of the process's tests,
  /// which the process keeps as its own when `TMPDIR` is it.
  package static let launchVariable = "CLEANSLATE_LAUNCH_TMPDIR"

  private let sandbox: ProcessSandbox
  private let adopted = Locked<Result<URL, any Error>?>(nil)

  /// A temporary directory of its own for the process `sandbox` belongs to.
  package init(sandbox: ProcessSandbox) {
    self.sandbox = sandbox
  }

  /// The temporary directory every process shares: the one the first watched process of this
  /// process's ancestry started with (`CLEANSLATE_SHARED_TMPDIR`), or else the temporary
  /// directory.
  package static var sharedURL: URL {
    if let path = ProcessEnvironment.value(of: sharedVariable), !path.isEmpty {
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    return FileManager.default.temporaryDirectory
  }

  /// The process's own temporary directory: made, and exported as `TMPDIR`, on the first call.
  ///
  /// Call it before anything else reads the environment for the sentinel: it changes `TMPDIR`
  /// (and sets `CLEANSLATE_SHARED_TMPDIR` unless an ancestor did).
  package func adopt() throws -> URL {
    try adopted.withLock { adopted in
      if adopted == nil { adopted = Result { try make() } }
      return try adopted!.get()
    }
  }

  private func make() throws -> URL {
    if let launch = ProcessEnvironment.value(of: Self.launchVariable), !launch.isEmpty,
      ProcessEnvironment.value(of: "TMPDIR") == launch
    {
      return URL(fileURLWithPath: launch, isDirectory: true)
    }
    let shared = Self.sharedURL.path
    let directory = try sandbox.processDirectory().appendingPathComponent("tmp", isDirectory: true)
    guard mkdir(directory.path, 0o700) == 0 || errno == EEXIST else {
      throw FileSystemError("create the process's temporary directory", path: directory.path)
    }
    setenv(Self.sharedVariable, shared, 0)
    setenv("TMPDIR", directory.path, 1)
    return directory
  }
}
