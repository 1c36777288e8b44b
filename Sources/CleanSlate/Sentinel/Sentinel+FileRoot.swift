public import Foundation

extension Sentinel {
  /// A directory whose files the sentinel checks (``Kind/files``), down to a depth.
  ///
  /// The sentinel lists the directories under a root, down to its depth, and reports the files
  /// and directories that appeared or disappeared in them. It never looks inside a `.git`
  /// directory, a directory whose name starts with `.build`, a `.swiftpm` directory, at a
  /// `Package.resolved` (what a `swift build` running alongside writes), or in CleanSlate's own
  /// sandboxes (where ``Fixture/temporaryDirectory`` and ``Fixture/homeDirectory`` live).
  ///
  /// Only what the test's own process did can be blamed on a test. The defaults are the package
  /// directory and the process's own temporary directory; the home directory and the shared
  /// temporary directory, which other processes write to all the time, are opt-in.
  public struct FileRoot: Sendable, Hashable, CustomStringConvertible {
    enum Place: Sendable, Hashable {
      case package
      case home
      case temporary
      case sharedTemporary
      case directory(String)
    }

    let place: Place
    /// How many levels of directories are listed: 1 lists the root's own entries only.
    public let depth: Int

    /// A directory of your choice.
    ///
    /// - Parameters:
    ///   - url: The directory.
    ///   - depth: How many levels of directories to list: 1 lists the directory's own entries.
    public static func directory(_ url: URL, depth: Int = 8) -> FileRoot {
      FileRoot(place: .directory(url.standardizedFileURL.path), depth: depth)
    }

    /// The package under test: the nearest directory, from the current directory up, that holds
    /// a `Package.swift` (`swift test` runs in it), listed 8 levels deep.
    public static let packageDirectory = FileRoot(place: .package, depth: 8)

    /// This process's own temporary directory, listed 8 levels deep: what the test writes through
    /// `FileManager.default.temporaryDirectory`, `NSTemporaryDirectory()` or `$TMPDIR`, and what
    /// the processes it starts write there.
    ///
    /// A process the sentinel watches with this root gets a temporary directory of its own, in its
    /// sandbox, exported as `TMPDIR` before the first snapshot (and removed when the process
    /// ends): no other process writes there. A path the process computed before (a `static let`
    /// of an earlier test) still points at the shared one, which is not watched. On Apple
    /// platforms, `FileManager` and `NSTemporaryDirectory()` take the per-user temporary directory
    /// from the system and ignore `TMPDIR`: there, only `$TMPDIR` and child processes write here.
    public static let temporaryDirectory = FileRoot(place: .temporary, depth: 8)

    /// The temporary directory every process shares (`/tmp`, or `TMPDIR` as the process was
    /// started), its own entries only: `/tmp/myapp.lock` is seen, files inside a directory that
    /// was already there are not.
    ///
    /// Other processes (builds, other test runs, other jobs on a CI machine) create and remove
    /// files there all the time, and the sentinel cannot tell theirs from the test's: whatever
    /// appears while a test runs is blamed on it. Watch it only on a quiet machine.
    public static let sharedTemporaryDirectory = FileRoot(place: .sharedTemporary, depth: 1)

    /// The home directory (`HOME` as it was when the sentinel first looked), listed 2 levels
    /// deep: `~/.myapprc` and `~/.config/myapp` are seen, `~/.config/myapp/settings` is not.
    ///
    /// Other processes write there too (build caches under `~/.cache`, editors, shells), and the
    /// sentinel cannot tell theirs from the test's. Watch it only on a quiet machine.
    public static let homeDirectory = FileRoot(place: .home, depth: 2)

    /// The package directory and this process's own temporary directory.
    public static let defaults: [FileRoot] = [.packageDirectory, .temporaryDirectory]

    /// The root and its depth.
    public var description: String {
      switch place {
      case .package: "package directory (depth \(depth))"
      case .home: "home directory (depth \(depth))"
      case .temporary: "this process's temporary directory (depth \(depth))"
      case .sharedTemporary: "shared temporary directory (depth \(depth))"
      case .directory(let path): "\(path) (depth \(depth))"
      }
    }

    /// The directory's path, or `nil` when it cannot be found (no package directory) or would
    /// mean the whole file system.
    var path: String? {
      let path: String?
      switch place {
      case .package: path = FileRootLocations.packageDirectory
      case .home: path = FileRootLocations.homeDirectory
      case .temporary: path = FileRootLocations.processTemporaryDirectory
      case .sharedTemporary: path = FileRootLocations.sharedTemporaryDirectory
      case .directory(let directory): path = directory
      }
      guard let path, path != "/", !path.isEmpty else { return nil }
      return path
    }
  }
}

/// Where the named roots are, looked up once per process.
enum FileRootLocations {
  static let packageDirectory: String? = {
    var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .standardizedFileURL
    while directory.path != "/" {
      let manifest = directory.appendingPathComponent("Package.swift").path
      if FileManager.default.fileExists(atPath: manifest) { return directory.path }
      directory.deleteLastPathComponent()
    }
    return nil
  }()

  static let homeDirectory: String? =
    ProcessEnvironment.value(of: "HOME").map { URL(fileURLWithPath: $0).standardizedFileURL.path }

  /// The process's own temporary directory, made (and exported as `TMPDIR`) on first use; `nil`,
  /// said on standard error, when it cannot be made.
  static let processTemporaryDirectory: String? = {
    do {
      return try ProcessTemporaryDirectory.shared.adopt().standardizedFileURL.path
    } catch {
      FileHandle.standardError.write(
        Data("[CleanSlate] The sentinel does not check the temporary directory: \(error)\n".utf8))
      return nil
    }
  }()

  static let sharedTemporaryDirectory: String =
    ProcessTemporaryDirectory.sharedURL.standardizedFileURL.path
}
