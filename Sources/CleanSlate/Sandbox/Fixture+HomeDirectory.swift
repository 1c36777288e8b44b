public import Foundation

extension Fixture where Value == URL {
  /// A fresh home directory for one test, inside its ``temporaryDirectory``: `HOME` and the XDG
  /// base directories point into it until the test ends, then get their values back.
  ///
  /// ```swift
  /// let home = try await use(.homeDirectory)
  /// // HOME            = <sandbox>/home
  /// // XDG_CONFIG_HOME = <sandbox>/home/.config
  /// // XDG_DATA_HOME   = <sandbox>/home/.local/share
  /// // XDG_STATE_HOME  = <sandbox>/home/.local/state
  /// // XDG_CACHE_HOME  = <sandbox>/home/.cache
  /// // XDG_RUNTIME_DIR = <sandbox>/runtime (mode 0700)
  /// ```
  ///
  /// Every one of these directories exists. Code that reads these variables sees the sandbox;
  /// Foundation's `NSHomeDirectory()` and `FileManager.homeDirectoryForCurrentUser` may have read
  /// the real home when the process started, so pass the directory explicitly where you can.
  public static var homeDirectory: Fixture<URL> { homeDirectoryFixture }
}

private let homeDirectoryFixture = Fixture<URL>("homeDirectory") { context in
  let sandbox = try await context.use(.temporaryDirectory)
  let home = sandbox.appendingPathComponent("home", isDirectory: true)
  let runtime = sandbox.appendingPathComponent("runtime", isDirectory: true)
  let variables: [String: URL] = [
    "HOME": home,
    "XDG_CONFIG_HOME": home.appendingPathComponent(".config", isDirectory: true),
    "XDG_DATA_HOME": home.appendingPathComponent(".local/share", isDirectory: true),
    "XDG_STATE_HOME": home.appendingPathComponent(".local/state", isDirectory: true),
    "XDG_CACHE_HOME": home.appendingPathComponent(".cache", isDirectory: true),
    "XDG_RUNTIME_DIR": runtime,
  ]
  for directory in variables.values {
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
  }
  try await context.use(.environment(variables.mapValues { $0.path }))
  return home
}
