package import Foundation

/// A directory of one test's own under the temporary directory, made before the test's body and
/// removed after it, whatever the body did.
package enum ScratchDirectory {
  /// Runs `body` with a new directory named `<prefix>-<8 random characters>`, then removes it.
  package static func with<R>(
    _ prefix: String, _ body: (URL) async throws -> R
  ) async throws -> R {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
  }
}
