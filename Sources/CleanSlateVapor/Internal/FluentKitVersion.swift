#if Vapor
  internal import Foundation

  /// The version of FluentKit the test binary was built with, as the package's `Package.resolved`
  /// pins it: FluentKit names no version of its own, and SwiftPM tells a binary none.
  enum FluentKitVersion {
    /// The version the first `Package.resolved` found above the test binary (its build folder is
    /// in the package) or the current directory pins fluent-kit to; `nil` when none does.
    static let resolved: String? = {
      for directory in searchedDirectories() {
        let file = directory.appendingPathComponent("Package.resolved")
        if let data = try? Data(contentsOf: file) { return pinned(in: data) }
      }
      return nil
    }()

    /// The version `Package.resolved`'s contents pin fluent-kit to (`version`, or else the
    /// branch or revision), if any.
    static func pinned(in resolvedFile: Data) -> String? {
      guard let object = try? JSONSerialization.jsonObject(with: resolvedFile) as? [String: Any],
        let pins = object["pins"] as? [[String: Any]] ?? (object["object"] as? [String: Any])?[
          "pins"] as? [[String: Any]]
      else { return nil }
      for pin in pins {
        let identity = (pin["identity"] as? String ?? pin["package"] as? String)?.lowercased()
        guard identity == "fluent-kit", let state = pin["state"] as? [String: Any] else {
          continue
        }
        return state["version"] as? String ?? state["branch"] as? String
          ?? state["revision"] as? String
      }
      return nil
    }

    /// The test binary's directory and those above it, then the current directory.
    private static func searchedDirectories() -> [URL] {
      var directories: [URL] = []
      #if os(Linux)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      #else
        let executable = URL(
          fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
      #endif
      var directory = executable.deletingLastPathComponent()
      while directory.path != "/" && !directory.path.isEmpty {
        directories.append(directory)
        directory = directory.deletingLastPathComponent()
      }
      directories.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
      return directories
    }
  }
#endif
