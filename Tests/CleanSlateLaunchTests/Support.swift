import CleanSlateLaunch
import Foundation

/// A directory under the system's temporary directory, removed when the test is done with it.
struct TemporaryTree {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-launch-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  /// Creates a directory (and its parents) inside the tree.
  @discardableResult
  func directory(_ path: String) throws -> URL {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes a small file inside the tree.
  @discardableResult
  func file(_ path: String, _ contents: String = "data") throws -> URL {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
    return url
  }

  /// Creates a symbolic link at `path` pointing to `destination`.
  @discardableResult
  func link(_ path: String, to destination: URL) throws -> URL {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createSymbolicLink(at: url, withDestinationURL: destination)
    return url
  }

  func exists(_ url: URL) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
  }

  func contents(of url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}

/// The arguments and environment of a launch that asks for a reset with `token`.
enum Launch {
  static let program = "/usr/bin/app"

  static func arguments(_ extra: String...) -> [String] { [program] + extra }

  static func environment(token: String?) -> [String: String] {
    token.map { [LaunchReset.defaultTokenVariable: $0] } ?? [:]
  }
}
