import Foundation

/// A package of this repository (an example, a fixture) whose tests a test runs with `swift test
/// --skip-build` or a `cleanslate` command: built once, on first use.
package enum BuiltPackage {
  /// The package's build failed.
  package struct BuildFailed: Error, CustomStringConvertible {
    /// The package's directory.
    package let path: String

    /// The command that failed.
    package var description: String {
      "swift build --build-tests --package-path \(path) failed"
    }
  }

  /// The directory of the package at `relativePath` from the repository's root, its tests built
  /// (`swift build --build-tests`); throws when the build fails.
  package static func tests(at relativePath: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent(relativePath).path
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    build.arguments = ["swift", "build", "--build-tests", "--package-path", path]
    build.standardOutput = FileHandle.nullDevice
    try build.run()
    build.waitUntilExit()
    guard build.terminationStatus == 0 else { throw BuildFailed(path: path) }
    return path
  }
}
