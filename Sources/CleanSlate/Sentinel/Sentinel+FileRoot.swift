public import Foundation

extension Sentinel {
  /// A directory whose files the sentinel checks (``Kind/files``), down to a depth.
  ///
  /// The sentinel lists the directories under a root, down to its depth, and reports the files
  /// and directories that appeared or disappeared in them. It never looks inside a `.git`
  /// directory, a directory whose name starts with `.build`, or CleanSlate's own sandboxes
  /// (where ``Fixture/temporaryDirectory`` and ``Fixture/homeDirectory`` live).
  public struct FileRoot: Sendable, Hashable, CustomStringConvertible {
    enum Place: Sendable, Hashable {
      case package
      case home
      case temporary
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

    /// The home directory (`HOME` as it was when the sentinel first looked), listed 2 levels
    /// deep: `~/.myapprc` and `~/.config/myapp` are seen, `~/.config/myapp/settings` is not.
    public static let homeDirectory = FileRoot(place: .home, depth: 2)

    /// The temporary directory, its own entries only: `/tmp/myapp.lock` is seen, files inside
    /// a directory that was already there are not.
    public static let temporaryDirectory = FileRoot(place: .temporary, depth: 1)

    /// The package directory, the home directory and the temporary directory.
    public static let defaults: [FileRoot] = [
      .packageDirectory, .homeDirectory, .temporaryDirectory,
    ]

    /// The root and its depth.
    public var description: String {
      switch place {
      case .package: "package directory (depth \(depth))"
      case .home: "home directory (depth \(depth))"
      case .temporary: "temporary directory (depth \(depth))"
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
      case .temporary: path = FileRootLocations.temporaryDirectory
      case .directory(let directory): path = directory
      }
      guard let path, path != "/", !path.isEmpty else { return nil }
      return path
    }
  }
}

/// Where the default roots are, looked up once per process.
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

  static let temporaryDirectory: String =
    FileManager.default.temporaryDirectory.standardizedFileURL.path
}
